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

/**
 * True when `chunks` hold one whole JSON object — all a host sends a hook,
 * status line or usage event — so a reader can stop without waiting for a
 * host that never closes stdin. Parsed only when the last non-blank byte is
 * `}`, so a payload arriving in pieces is not re-parsed at every piece.
 */
export function wholeObject(chunks: Uint8Array[]): boolean {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const c = chunks[i];
    for (let j = c.length - 1; j >= 0; j--) {
      const b = c[j];
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      if (b !== 0x7d) return false;
      try {
        const value = JSON.parse(new TextDecoder().decode(concat(chunks)));
        return value !== null && typeof value === "object" && !Array.isArray(value);
      } catch {
        return false;
      }
    }
  }
  return false;
}
