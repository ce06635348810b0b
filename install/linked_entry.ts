/**
 * The pre-linked CLI entry (`cli/main_linked.js`, written by
 * scripts/build_hook_entry.ts): `cli/main.ts` with the hook path joined into
 * one JavaScript file, which the Deno home binary runs so a hook call loads
 * one module (DESIGN §5). Its header names the sources it was built from
 * and their digest; {@link linkedEntryFresh} says whether they still match,
 * so a launcher never points at a stale copy.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";

/** Where the pre-linked entry lives, relative to the package root. */
export const LINKED_ENTRY = "cli/main_linked.js";

/** `sha256:<hex>` over each source's path and text, in the order given. */
export function sourcesDigest(read: (path: string) => string, paths: string[]): string {
  const hash = createHash("sha256");
  for (const p of paths) hash.update(`${p}\0${read(p)}\0`);
  return `sha256:${hash.digest("hex")}`;
}

/**
 * True when `<root>/cli/main_linked.js` exists and every source its header
 * names still has the text it was built from.
 */
export function linkedEntryFresh(root: string): boolean {
  try {
    const head = readHead(join(root, LINKED_ENTRY), 4096);
    const m = /^\/\/ sources (sha256:[0-9a-f]{64}) ([^\n]+)$/m.exec(head);
    if (!m) return false;
    const sources = m[2].split(" ");
    return sourcesDigest((p) => readFileSync(join(root, p), "utf8"), sources) === m[1];
  } catch {
    return false;
  }
}

/** The first `bytes` bytes of `path` as text (the entry is ~100 KB; its header is one line). */
function readHead(path: string, bytes: number): string {
  const fd = openSync(path, "r");
  try {
    const buf = new Uint8Array(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return new TextDecoder().decode(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}
