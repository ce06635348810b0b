/**
 * Small checks shared by the defineConnector validators. Every failure is a
 * {@link ConnectorConfigError} whose message starts with the path of the
 * offending field (`skills[2].description: …`).
 *
 * @module
 */

import { ConnectorConfigError } from "./errors.ts";
import { HOST_IDS, isHostId } from "./platform_types.ts";

/** Kebab-case ids and surface names: `^[a-z0-9][a-z0-9-]*$`. */
export const KEBAB_PATTERN: RegExp = /^[a-z0-9][a-z0-9-]*$/;

/** Throws the config error `"<where>: <problem>"`. */
export function fail(where: string, problem: string): never {
  throw new ConnectorConfigError(where ? `${where}: ${problem}` : problem);
}

/** Quotes a value for a message: strings in double quotes, others by type. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** True for `{}`-style objects (not arrays, not null, not class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Returns `value` as a plain object or throws `<where>: must be an object`. */
export function expectObject(value: unknown, where: string): Record<string, unknown> {
  if (!isPlainObject(value)) fail(where, `must be an object, got ${show(value)}`);
  return value;
}

/** Returns `value` as an array or throws `<where>: must be an array`. */
export function expectArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, `must be an array, got ${show(value)}`);
  return value;
}

/** Requires a string with at least one non-blank character. */
export function expectNonEmptyString(value: unknown, where: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    fail(where, `must be a non-empty string, got ${show(value)}`);
  }
  return value;
}

/** Checks an optional field is a string when present. */
export function optionalString(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== "string") {
    fail(where, `must be a string, got ${show(value)}`);
  }
}

/** Checks an optional field is a boolean when present. */
export function optionalBoolean(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== "boolean") {
    fail(where, `must be true or false, got ${show(value)}`);
  }
}

/** Checks an optional field is one of `allowed` when present. */
export function optionalOneOf(value: unknown, allowed: readonly string[], where: string): void {
  if (value !== undefined && !allowed.includes(value as string)) {
    fail(where, `expected ${allowed.join(" | ")}, got ${show(value)}`);
  }
}

/** Checks an optional field is an array of strings when present. */
export function optionalStringArray(value: unknown, where: string): void {
  if (value === undefined) return;
  expectArray(value, where).forEach((item, i) => {
    if (typeof item !== "string") fail(`${where}[${i}]`, `must be a string, got ${show(item)}`);
  });
}

/** Checks an optional field is an object of string values when present. */
export function optionalStringRecord(value: unknown, where: string): void {
  if (value === undefined) return;
  for (const [key, item] of Object.entries(expectObject(value, where))) {
    if (typeof item !== "string") fail(`${where}.${key}`, `must be a string, got ${show(item)}`);
  }
}

/** Requires a function. */
export function expectFunction(value: unknown, where: string): void {
  if (typeof value !== "function") fail(where, `must be a function, got ${show(value)}`);
}

/** Requires a kebab-case name. */
export function expectKebab(value: unknown, where: string): string {
  if (typeof value !== "string" || !KEBAB_PATTERN.test(value)) {
    fail(where, `${show(value)} must be kebab-case (^[a-z0-9][a-z0-9-]*$)`);
  }
  return value;
}

/** Requires a registered host id (a key of a `hosts` or `platforms` map). */
export function expectHostId(value: string, where: string): void {
  if (!isHostId(value)) {
    fail(where, `"${value}" is not a registered host id (one of ${HOST_IDS.join(", ")})`);
  }
}

/** Checks an optional value is an integer ≥ 1 when present. */
export function optionalPositiveInteger(value: unknown, where: string): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 1)) {
    fail(where, `must be an integer >= 1, got ${show(value)}`);
  }
}

/** Rejects a name already in `seen`, then records it. */
export function rejectDuplicate(
  seen: Set<string>,
  name: string,
  where: string,
  label = "name",
): void {
  if (seen.has(name)) fail(where, `duplicate ${label} "${name}"`);
  seen.add(name);
}

/**
 * Rejects a key of `object` that is not in `allowed`, so a misspelt field is
 * never dropped in silence: `<where>: unknown field "matchr" — did you mean
 * "matcher"? (expected one of matcher, handler)`.
 */
export function rejectUnknownFields(
  object: Record<string, unknown>,
  allowed: readonly string[],
  where: string,
): void {
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    const near = nearestName(key, allowed);
    fail(
      where,
      `unknown field "${key}"${near ? ` — did you mean "${near}"?` : ""} ` +
        `(expected one of ${allowed.join(", ")})`,
    );
  }
}

/** The allowed name `key` was probably meant to be: same letters but case, a prefix, or a typo away. */
export function nearestName(key: string, allowed: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const exact = allowed.find((name) => name.toLowerCase() === lower);
  if (exact) return exact;
  const prefix = allowed.find((name) => {
    const n = name.toLowerCase();
    return Math.min(n.length, lower.length) >= 3 && (n.startsWith(lower) || lower.startsWith(n));
  });
  if (prefix) return prefix;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 4)) + 1;
  for (const name of allowed) {
    const d = editDistance(lower, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** Edit distance where swapping two neighbouring letters counts as one edit ("evn" → "env"). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}
