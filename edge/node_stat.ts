/**
 * Node's stats of log files and folders for the usage scan, in the units
 * Deno's own API gives them (edge/runtime_info.ts `denoStatFile`,
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

import { toNamespacedPath } from "node:path";
import type { DirStat, FileStat } from "./runtime_info.ts";
import { nodeFs } from "./node_fs.ts";

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
  const stat = rawStat();
  if (stat) {
    const a = stat(path);
    if (!a || (a[1] & S_IFMT) !== S_IFREG) return undefined;
    return { size: a[8], mtimeMs: mtimeOf(a), ino: a[7] };
  }
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
  const stat = rawStat();
  try {
    if (stat) {
      const a = stat(path);
      if (!a || (a[1] & S_IFMT) !== S_IFDIR) return undefined;
      return { mtimeMs: mtimeOf(a), ctimeMs: a[14] * 1000, ino: a[7] };
    }
    const st = nodeFs().statSync(path, { throwIfNoEntry: false });
    if (!st?.isDirectory()) return undefined;
    return {
      mtimeMs: wholeMs(st.mtimeMs, path),
      ctimeMs: wholeSecondsMs(st.ctimeMs),
      ino: Number(st.ino) || 0,
    };
  } catch (error) {
    if ((error as { code?: string }).code === "ENOTDIR") return undefined;
    throw error;
  }
}

/** A raw stat's mtime in whole ms, truncated, exactly (its seconds and nanoseconds). */
function mtimeOf(a: Float64Array): number {
  return a[12] * 1000 + Math.floor(a[13] / 1e6);
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

type RawStat = (path: string) => Float64Array | undefined;

let raw: RawStat | null | undefined;

/**
 * A stat as numbers, without the `Stats` object Node 20's `fs.statSync`
 * builds around them (four `Date`s and a dozen fields, then garbage): the
 * binding `fs.statSync` itself calls, through `process.binding("fs")`: on a
 * no-change re-scan most of the stat cost is then the system calls
 * themselves (bench/README.md).
 *
 * The function returns Node's shared stat array (`dev, mode, nlink, uid,
 * gid, rdev, blksize, ino, size, blocks`, then seconds and nanoseconds of
 * atime, mtime, ctime and birthtime), valid until the next call; undefined
 * for a missing path; it throws the OS error (with its `code`) otherwise.
 *
 * Used only where it checks out: on Node (not Deno), when `process.binding`
 * is Node's own (under `--pending-deprecation` it is a wrapper that would
 * print a warning; under the permission model it throws), and when its
 * answers for Node's own executable and a path under it match
 * `fs.statSync`'s. Anything else: undefined (decided once), and
 * `fs.statSync` is used.
 */
function rawStat(): RawStat | undefined {
  if (raw === undefined) raw = checkedRawStat() ?? null;
  return raw ?? undefined;
}

function checkedRawStat(): RawStat | undefined {
  // deno-lint-ignore no-explicit-any
  const proc = (globalThis as any).process;
  // deno-lint-ignore no-explicit-any
  if ((globalThis as any).Deno || proc?.binding?.name !== "binding") return undefined;
  try {
    const fs = proc.binding("fs");
    if (typeof fs?.stat !== "function") return undefined;
    const stat: RawStat = (path) => fs.stat(toNamespacedPath(path), false, undefined, false);
    const exe: string = proc.execPath;
    const want = nodeFs().statSync(exe);
    const got = stat(exe);
    const ok = got instanceof Float64Array && got.length >= 18 && got[1] === want.mode &&
      got[7] === want.ino && got[8] === want.size &&
      Math.abs(got[12] * 1000 + got[13] / 1e6 - want.mtimeMs) < 0.01 &&
      stat(exe + ".ac-missing") === undefined;
    return ok ? stat : undefined;
  } catch {
    return undefined;
  }
}
