/**
 * `platforms.<id>.configPatch` (spec §2.8): the statically knowable safety
 * gates — leaf-path grammar, JSON values, a reason, no duplicate keys, and the
 * keys agent-connector itself manages. Each host's sensitive-key denylist is
 * applied at install time by its adapter, not here.
 *
 * @module
 */

import type { ConfigPatchDef } from "./connector_types.ts";
import {
  expectArray,
  expectObject,
  fail,
  isPlainObject,
  optionalString,
  rejectUnknownFields,
  show,
} from "./_validate.ts";

/** One segment of a configPatch key: no dots, no array indices. */
export const CONFIG_PATCH_SEGMENT: RegExp = /^[A-Za-z0-9_-]+$/;

/** Top-level keys of a host's settings that other surfaces own, and which surface. */
const RESERVED_HEADS: Record<string, string> = {
  hooks: "declare hooks via hooks (normalized) or platforms.<id>.nativeHooks instead",
  mcpServers: "declare the server via server, platforms.<id>.server or extra instead",
  enableAllProjectMcpServers:
    "declare the server via server, platforms.<id>.server or extra instead",
  enabledMcpjsonServers: "declare the server via server, platforms.<id>.server or extra instead",
  disabledMcpjsonServers: "declare the server via server, platforms.<id>.server or extra instead",
  statusLine: "declare it via statusline: { render } instead",
};

/** Validates one platform's patch list. */
export function normalizeConfigPatches(value: unknown, where: string): ConfigPatchDef[] {
  const seen = new Set<string>();
  return expectArray(value, where).map((item, i) => {
    const at = `${where}[${i}]`;
    const patch = expectObject(item, at);
    rejectUnknownFields(patch, ["key", "value", "reason", "docsUrl"], at);
    const key = patch.key;
    if (typeof key !== "string" || !key.split(".").every((s) => CONFIG_PATCH_SEGMENT.test(s))) {
      fail(
        `${at}.key`,
        `${
          show(key)
        } is not a dotted leaf path (segments of [A-Za-z0-9_-], no dots inside a key, no array indices)`,
      );
    }
    const head = key.split(".")[0];
    if (Object.hasOwn(RESERVED_HEADS, head)) {
      fail(`${at}.key`, `"${key}" is managed by agent-connector — ${RESERVED_HEADS[head]}`);
    }
    if (seen.has(key)) fail(`${at}.key`, `duplicate key "${key}"`);
    seen.add(key);
    const bad = nonJsonAt(patch.value, "value");
    if (bad !== undefined) {
      fail(
        `${at}.${bad}`,
        "must be JSON data (string, finite number, boolean, null, array or plain object)",
      );
    }
    if (typeof patch.reason !== "string" || patch.reason.trim() === "") {
      fail(`${at}.reason`, "is required: say why, it is printed with every outcome of the patch");
    }
    optionalString(patch.docsUrl, `${at}.docsUrl`);
    return patch as unknown as ConfigPatchDef;
  });
}

/** The path of the first part of `value` that JSON cannot carry faithfully. */
function nonJsonAt(
  value: unknown,
  path: string,
  seen: Set<object> = new Set(),
): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (typeof value !== "object" || seen.has(value)) return path;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = nonJsonAt(value[i], `${path}[${i}]`, seen);
      if (bad !== undefined) return bad;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const bad = nonJsonAt(item, `${path}.${key}`, seen);
      if (bad !== undefined) return bad;
    }
  } else {
    return path;
  }
  seen.delete(value);
  return undefined;
}
