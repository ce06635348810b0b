/**
 * `platforms.<id>` overrides (spec §2.8) and `targets`.
 *
 * @module
 */

import type { PlatformOverride } from "./connector_types.ts";
import type { PlatformId } from "./platform_types.ts";
import {
  expectArray,
  expectHostId,
  expectObject,
  fail,
  optionalBoolean,
  optionalOneOf,
  optionalString,
  rejectUnknownFields,
  show,
} from "./_validate.ts";
import { normalizeHooks, normalizeNativeHooks } from "./_validate_hooks.ts";
import { normalizeConfigPatches } from "./_validate_config_patch.ts";
import { normalizeServerOverride } from "./_validate_server.ts";

const OVERRIDE_FIELDS = [
  "hooks",
  "nativeHooks",
  "configPatch",
  "server",
  "scope",
  "commands",
  "skills",
  "subagents",
  "memory",
  "extra",
];

const SCOPES = ["system", "user", "project", "profile", "managed"];

/**
 * Validates every override. `server` becomes the complete effective server
 * for that host (see normalizeServerOverride); everything else is kept as
 * written.
 */
export function normalizePlatforms(
  value: unknown,
  baseServer: unknown,
): Partial<Record<PlatformId, PlatformOverride>> {
  if (value === undefined) return {};
  const out: Record<string, PlatformOverride> = {};
  for (const [id, entry] of Object.entries(expectObject(value, "platforms"))) {
    expectHostId(id, "platforms");
    if (entry === undefined) continue;
    out[id] = normalizeOverride(
      expectObject(entry, `platforms.${id}`),
      baseServer,
      `platforms.${id}`,
    );
  }
  return out;
}

function normalizeOverride(
  o: Record<string, unknown>,
  baseServer: unknown,
  where: string,
): PlatformOverride {
  rejectUnknownFields(o, OVERRIDE_FIELDS, where);
  const out = { ...o } as PlatformOverride;
  if (o.hooks !== undefined && typeof o.hooks !== "boolean") {
    out.hooks = normalizeHooks(o.hooks, `${where}.hooks`);
  }
  if (o.nativeHooks !== undefined) {
    out.nativeHooks = normalizeNativeHooks(o.nativeHooks, `${where}.nativeHooks`);
  }
  if (o.configPatch !== undefined) {
    out.configPatch = normalizeConfigPatches(o.configPatch, `${where}.configPatch`);
  }
  if (o.server !== undefined) {
    out.server = normalizeServerOverride(baseServer, o.server, `${where}.server`);
  }
  optionalOneOf(o.scope, SCOPES, `${where}.scope`);
  optionalBoolean(o.commands, `${where}.commands`);
  optionalBoolean(o.skills, `${where}.skills`);
  optionalBoolean(o.subagents, `${where}.subagents`);
  if (o.memory !== undefined && typeof o.memory !== "boolean") {
    const memory = expectObject(o.memory, `${where}.memory`);
    rejectUnknownFields(memory, ["path", "mode"], `${where}.memory`);
    optionalString(memory.path, `${where}.memory.path`);
    optionalOneOf(memory.mode, ["block", "agents-import"], `${where}.memory.mode`);
  }
  if (o.extra !== undefined) expectObject(o.extra, `${where}.extra`);
  return out;
}

/** True when some override declares a native hook or a config patch. */
export function hasPlatformPayload(platforms: Partial<Record<string, PlatformOverride>>): boolean {
  return Object.values(platforms).some((o) =>
    Object.keys(o?.nativeHooks ?? {}).length > 0 || (o?.configPatch ?? []).length > 0
  );
}

/** Validates `targets`: `"auto"` or a list of registered host ids. */
export function normalizeTargets(value: unknown): "auto" | PlatformId[] {
  if (value === undefined || value === "auto") return "auto";
  if (typeof value === "string") {
    fail("targets", `expected "auto" or a list of host ids, got ${show(value)}`);
  }
  return expectArray(value, "targets").map((id, i) => {
    if (typeof id !== "string") fail(`targets[${i}]`, `must be a host id, got ${show(id)}`);
    expectHostId(id, "targets");
    return id as PlatformId;
  });
}
