/**
 * Helpers both lean I/O implementations (`denoIo` in core/runtime_info.ts and
 * core/lean_io_node.ts) share.
 *
 * @module
 */

import type { LeanIo } from "./lean_io.ts";

/** The OS family of a runtime's OS name. */
export function osFamily(name: string): LeanIo["os"] {
  return name === "windows" || name === "win32" ? "win32" : name === "darwin" ? "darwin" : "linux";
}

/** The bytes of `chunks`, joined. */
export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** What a stat result is. */
export function kindOf(stat: { isFile: boolean; isDirectory: boolean }): "file" | "dir" | "other" {
  return stat.isFile ? "file" : stat.isDirectory ? "dir" : "other";
}
