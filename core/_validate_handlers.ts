/**
 * The handler surfaces besides hooks: the singular `statusline` (spec §2.5)
 * and `actions` (spec §2.6).
 *
 * @module
 */

import type { ActionDef, StatuslineDef } from "./connector_types.ts";
import {
  expectArray,
  expectFunction,
  expectHostId,
  expectKebab,
  expectObject,
  fail,
  optionalBoolean,
  optionalPositiveInteger,
  optionalString,
  rejectDuplicate,
  rejectUnknownFields,
  show,
} from "./_validate.ts";

/** The metadata an action and its per-host override share. */
const ACTION_METADATA = ["label", "description", "icon", "placement", "confirm"];

/** Where a host may show an action. */
const PLACEMENTS = ["command-palette", "toolbar", "context-menu", "slash-command"];

/** Validates the status line and defaults its name to `statusline`. */
export function normalizeStatusline(value: unknown): StatuslineDef & { name: string } {
  if (Array.isArray(value)) {
    fail("statusline", "must be one object, not an array — a connector has a single status line");
  }
  const def = expectObject(value, "statusline");
  rejectUnknownFields(
    def,
    ["name", "description", "options", "render", "hosts"],
    "statusline",
  );
  expectFunction(def.render, "statusline.render");
  const name = def.name === undefined ? "statusline" : expectKebab(def.name, "statusline.name");
  optionalString(def.description, "statusline.description");
  checkStatuslineOptions(def.options, "statusline.options");
  if (def.hosts !== undefined) {
    for (const [host, entry] of Object.entries(expectObject(def.hosts, "statusline.hosts"))) {
      const at = `statusline.hosts.${host}`;
      expectHostId(host, "statusline.hosts");
      const override = expectObject(entry, at);
      rejectUnknownFields(override, ["render", "options"], at);
      if (override.render !== undefined) expectFunction(override.render, `${at}.render`);
      checkStatuslineOptions(override.options, `${at}.options`);
    }
  }
  return { ...(def as unknown as StatuslineDef), name };
}

function checkStatuslineOptions(value: unknown, where: string): void {
  if (value === undefined) return;
  const options = expectObject(value, where);
  rejectUnknownFields(
    options,
    ["refreshInterval", "respectUserColors", "hideContextIndicator", "maxLines"],
    where,
  );
  optionalPositiveInteger(options.refreshInterval, `${where}.refreshInterval`);
  optionalPositiveInteger(options.maxLines, `${where}.maxLines`);
  optionalBoolean(options.respectUserColors, `${where}.respectUserColors`);
  optionalBoolean(options.hideContextIndicator, `${where}.hideContextIndicator`);
}

/** Validates `actions`: kebab-case unique ids, `run` functions, host overrides. */
export function normalizeActions(value: unknown): ActionDef[] {
  if (value === undefined) return [];
  const seen = new Set<string>();
  return expectArray(value, "actions").map((item, i) => {
    const at = `actions[${i}]`;
    const action = expectObject(item, at);
    rejectUnknownFields(action, ["id", ...ACTION_METADATA, "run", "hosts"], at);
    const id = expectKebab(action.id, `${at}.id`);
    rejectDuplicate(seen, id, `${at}.id`, "id");
    expectFunction(action.run, `${at}.run`);
    checkActionMetadata(action, at);
    if (action.hosts !== undefined) {
      for (const [host, entry] of Object.entries(expectObject(action.hosts, `${at}.hosts`))) {
        expectHostId(host, `${at}.hosts`);
        const override = expectObject(entry, `${at}.hosts.${host}`);
        rejectUnknownFields(override, ["run", ...ACTION_METADATA], `${at}.hosts.${host}`);
        if (override.run !== undefined) expectFunction(override.run, `${at}.hosts.${host}.run`);
        checkActionMetadata(override, `${at}.hosts.${host}`);
      }
    }
    return action as unknown as ActionDef;
  });
}

function checkActionMetadata(entry: Record<string, unknown>, at: string): void {
  optionalString(entry.label, `${at}.label`);
  optionalString(entry.description, `${at}.description`);
  optionalString(entry.icon, `${at}.icon`);
  if (entry.placement !== undefined) {
    const list = Array.isArray(entry.placement) ? entry.placement : [entry.placement];
    for (const placement of list) {
      if (!PLACEMENTS.includes(placement as string)) {
        fail(`${at}.placement`, `expected ${PLACEMENTS.join(" | ")}, got ${show(placement)}`);
      }
    }
  }
  const confirm = entry.confirm;
  if (confirm !== undefined && typeof confirm !== "boolean") {
    const object = expectObject(confirm, `${at}.confirm`);
    rejectUnknownFields(object, ["title", "message"], `${at}.confirm`);
    optionalString(object.title, `${at}.confirm.title`);
    optionalString(object.message, `${at}.confirm.message`);
  }
}
