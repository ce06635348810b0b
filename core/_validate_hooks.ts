/**
 * `hooks` (the 13 normalized events) and `platforms.<id>.nativeHooks` (host
 * events outside that union, spec §2.3).
 *
 * @module
 */

import type { HookEventName, HooksConfig, NativeHookDef } from "./hook_types.ts";
import { HOOK_EVENT_NAMES, isHookEventName } from "./hook_types.ts";
import {
  expectFunction,
  expectObject,
  fail,
  optionalString,
  rejectUnknownFields,
} from "./_validate.ts";

/** The fields of a hook entry, normalized or native. */
const HOOK_ENTRY_FIELDS = ["matcher", "handler"];

/**
 * Validates a hooks map: keys are normalized event names, each entry has a
 * function `handler` and an optional `matcher` that compiles as a regex.
 * Entries set to `undefined` are dropped.
 */
export function normalizeHooks(value: unknown, where: string): HooksConfig {
  const hooks = expectObject(value, where);
  const out: Record<string, unknown> = {};
  for (const [event, def] of Object.entries(hooks)) {
    if (!isHookEventName(event)) {
      fail(
        where,
        `"${event}" is not a normalized hook event (one of ${HOOK_EVENT_NAMES.join(", ")}) — ` +
          "declare host-only events under platforms.<id>.nativeHooks",
      );
    }
    if (def === undefined) continue;
    const entry = expectObject(def, `${where}.${event}`);
    rejectUnknownFields(entry, HOOK_ENTRY_FIELDS, `${where}.${event}`);
    expectFunction(entry.handler, `${where}.${event}.handler`);
    checkMatcher(entry.matcher, `${where}.${event}.matcher`);
    out[event] = entry;
  }
  return out as HooksConfig;
}

/** The events of `hooks` that have a handler, in the spec's order. */
export function hookEventsOf(hooks: HooksConfig): HookEventName[] {
  return HOOK_EVENT_NAMES.filter((event) => typeof hooks[event]?.handler === "function");
}

/** True when `hooks` declares at least one handler. */
export function hasHooks(hooks: HooksConfig): boolean {
  return hookEventsOf(hooks).length > 0;
}

function checkMatcher(value: unknown, where: string): void {
  optionalString(value, where);
  if (typeof value !== "string" || value === "") return;
  try {
    new RegExp(value);
  } catch {
    fail(where, `${JSON.stringify(value)} is not a valid regular expression`);
  }
}

/**
 * Validates `platforms.<id>.nativeHooks`: keys are host event names verbatim
 * and must not be one of the normalized events; handlers are functions;
 * matchers are strings written verbatim for the host to evaluate.
 */
export function normalizeNativeHooks(
  value: unknown,
  where: string,
): Record<string, NativeHookDef> {
  const map = expectObject(value, where);
  const out: Record<string, NativeHookDef> = {};
  for (const [event, def] of Object.entries(map)) {
    if (event.trim() === "") fail(where, "an event name must be a non-empty string");
    if (isHookEventName(event)) {
      fail(
        where,
        `"${event}" is a normalized hook event — declare it under hooks.${event} ` +
          "(normalized payloads, matcher evaluation and reply mapping) instead of nativeHooks",
      );
    }
    const entry = expectObject(def, `${where}.${event}`);
    rejectUnknownFields(entry, HOOK_ENTRY_FIELDS, `${where}.${event}`);
    expectFunction(entry.handler, `${where}.${event}.handler`);
    optionalString(entry.matcher, `${where}.${event}.matcher`);
    out[event] = entry as unknown as NativeHookDef;
  }
  return out;
}
