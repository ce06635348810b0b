/**
 * Hashing and canonical JSON: how ledgers recognise a value they wrote.
 *
 * @module
 */

import { createHash } from "node:crypto";

/**
 * Returns the lowercase hex sha256 of `text` (UTF-8).
 *
 * @example
 * ```ts
 * import { sha256Hex } from "./hash.ts";
 * sha256Hex("").slice(0, 12); // "e3b0c44298fc"
 * ```
 */
export function sha256Hex(text: string): string {
  let hex = recentHashes.get(text);
  if (hex === undefined) {
    hex = createHash("sha256").update(text, "utf8").digest("hex");
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
    recentHashes.set(text, hex);
  }
  return hex;
}

/**
 * Hashes of recent texts. An install hashes the same content several times
 * (a whole file's claim key, its ownership record, the peers' plans), and in
 * Deno each `createHash` is a round trip through Node compatibility.
 */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 256;

/**
 * Serialises a JSON value with object keys sorted at every depth, so equal
 * values always give equal text.
 *
 * @example
 * ```ts
 * import { canonicalJson } from "./hash.ts";
 * canonicalJson({ b: 1, a: [2] }); // '{"a":[2],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (value instanceof Date) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
}

/** The sha256 of a value's canonical JSON. */
export function valueHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * Deep equality of JSON-like values (key order ignored, `undefined` members
 * ignored).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
