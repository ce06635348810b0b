/**
 * Node's stats of log files and folders for the usage scan, in the units
 * Deno's own API gives them (core/runtime_info.ts `denoStatFile`,
 * `denoStatDir`), so the kept state one runtime wrote is current under the
 * other: a user who runs the npm build one day and the Deno CLI the next
 * re-reads no log and re-walks no folder.
 *
 * - mtime: whole milliseconds, truncated (Deno's `Date`; see {@link wholeMs}).
 * - a folder's ctime: whole seconds, truncated (what Deno 2.9 gives on
 *   Linux). Coarser than Node's own, so a folder's mtime and inode decide
 *   under both runtimes, as `_dirs.ts` describes.
 * - inode: a number (0 when the OS gives none).
 *
 * @module
 */

import type { DirStat, FileStat } from "../core/runtime_info.ts";
import { nodeFs } from "./_fs.ts";

/**
 * An mtime as whole milliseconds, truncated: what Deno gives (its `mtime` is
 * a `Date`). Node's `mtimeMs` keeps the fraction (`…123.4568`), so a cache
 * written under Deno read under Node (or the reverse) found every file
 * changed and read it all again (4.4 s of CPU instead of ~0.6 on the
 * generated 1 GB tree). Node's float is rounded to the nearest: a fraction
 * above ~.9998 becomes the next whole millisecond, so a whole `mtimeMs` is
 * checked against the exact nanoseconds of `exact` (a bigint stat of `path`;
 * a whole value is rare on file systems with nanosecond times).
 */
export function wholeMs(
  mtimeMs: number,
  exact?: string | (() => bigint | undefined),
): number {
  const ms = Math.floor(mtimeMs);
  if (ms !== mtimeMs || exact === undefined) return ms;
  try {
    const ns = typeof exact === "string"
      ? nodeFs().statSync(exact, { bigint: true, throwIfNoEntry: false })?.mtimeNs
      : exact();
    return ns === undefined ? ms : Number(ns / 1000000n);
  } catch {
    return ms;
  }
}

/** A ctime in ms as Deno 2.9 gives it on Linux: whole seconds, truncated. */
export function wholeSecondsMs(ctimeMs: number): number {
  return Math.floor(ctimeMs / 1000) * 1000;
}

/**
 * Node's stat of a regular file, with the contract of `denoStatFile`:
 * undefined when it is missing or not a regular file; other errors throw
 * (with their `code`).
 */
export function nodeStatFile(path: string): FileStat | undefined {
  const st = nodeFs().statSync(path, { throwIfNoEntry: false });
  return st?.isFile()
    ? { size: st.size, mtimeMs: wholeMs(st.mtimeMs, path), ino: Number(st.ino) || 0 }
    : undefined;
}

/**
 * Node's stat of a folder, with the contract of `denoStatDir`: undefined when
 * it is missing or not a folder; other errors throw (with their `code`).
 */
export function nodeStatDir(path: string): DirStat | undefined {
  let st;
  try {
    st = nodeFs().statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as { code?: string }).code === "ENOTDIR") return undefined;
    throw error;
  }
  if (!st?.isDirectory()) return undefined;
  return {
    mtimeMs: wholeMs(st.mtimeMs, path),
    ctimeMs: wholeSecondsMs(st.ctimeMs),
    ino: Number(st.ino) || 0,
  };
}
