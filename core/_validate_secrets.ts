/**
 * `${secret:NAME}` rules (spec §2.2): a reference may appear only in the `env`
 * values of a stdio server (base or per-platform override). defineConnector
 * moves those entries into `secretEnv`; anywhere else a reference is an error.
 *
 * @module
 */

import { ENV_NAME_PATTERN, hasSecretMarker, parseTemplate } from "./interpolation.ts";
import { fail } from "./_validate.ts";

/** The exact sentence spec §2.2 uses for a reference outside a stdio env. */
export const SECRET_ONLY_IN_STDIO_ENV =
  "secret refs (${secret:NAME}) are supported only in server.env of a stdio server";

/** Longest env value that may carry a secret reference. */
const MAX_SECRET_VALUE_CHARS = 8192;

/** A stdio env split into plain entries and secret-bearing entries. */
export interface SplitEnv {
  /** Entries without a secret reference. */
  env: Record<string, string>;
  /** Entries with at least one `${secret:NAME}` reference, as written. */
  secretEnv: Record<string, string>;
}

/**
 * Splits a stdio server's env. A secret-bearing entry needs an
 * environment-variable key and well-formed references (no `:-default`).
 */
export function splitSecretEnv(env: Record<string, string>, where: string): SplitEnv {
  const out: SplitEnv = { env: {}, secretEnv: {} };
  for (const [key, value] of Object.entries(env)) {
    if (!hasSecretMarker(value)) {
      out.env[key] = value;
      continue;
    }
    if (!ENV_NAME_PATTERN.test(key)) {
      fail(
        where,
        `"${key}" is not an environment variable name ([A-Za-z_][A-Za-z0-9_]*), so it cannot carry a secret reference`,
      );
    }
    const bad = malformedSecretRef(value);
    if (bad !== undefined) {
      fail(
        `${where}.${key}`,
        `${JSON.stringify(bad)} is not a valid secret reference — ` +
          "names match [A-Za-z0-9][A-Za-z0-9._-]{0,63} and there is no :-default form",
      );
    }
    if (value.length > MAX_SECRET_VALUE_CHARS) {
      fail(
        `${where}.${key}`,
        `a secret-bearing value is at most ${MAX_SECRET_VALUE_CHARS} characters`,
      );
    }
    out.secretEnv[key] = value;
  }
  return out;
}

/** Returns the first `${secret:…` occurrence that does not parse, if any. */
function malformedSecretRef(value: string): string | undefined {
  const wellFormed = parseTemplate(value).filter((p) => p.kind === "secret").length;
  const starts = [...value.matchAll(/\$\{secret:/g)].map((m) => m.index);
  if (starts.length === wellFormed) return undefined;
  // Report the first occurrence that parseTemplate left as text.
  for (const start of starts) {
    const end = value.indexOf("}", start);
    const ref = end === -1 ? value.slice(start) : value.slice(start, end + 1);
    if (parseTemplate(ref).every((p) => p.kind !== "secret")) return ref;
  }
  return value.slice(starts[0]);
}

/**
 * Throws when any string inside `value` (objects and arrays, functions
 * skipped) carries `${secret:`, except at the paths `allowed` accepts.
 */
export function rejectSecretRefs(
  value: unknown,
  path: string,
  allowed: (path: string) => boolean,
  seen: Set<object> = new Set(),
): void {
  if (allowed(path)) return;
  if (typeof value === "string") {
    if (hasSecretMarker(value)) fail(path, SECRET_ONLY_IN_STDIO_ENV);
    return;
  }
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, i) => rejectSecretRefs(item, `${path}[${i}]`, allowed, seen));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    rejectSecretRefs(item, path ? `${path}.${key}` : key, allowed, seen);
  }
}
