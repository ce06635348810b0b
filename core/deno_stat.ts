/**
 * Stats and folder listings through Deno's own API for the `usage` scan
 * (usage/_plan.ts, usage/_dirs.ts): Deno's `node:fs` `statSync` builds a full
 * `Stats` from the same call, and its `readdirSync` probes entries' kinds.
 *
 * @module
 */

import { denoNamespace as deno } from "./runtime_info.ts";

/** Whether `error` says the path is missing (or a part of it is not a folder). */
function missing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Deno's stat of `path`, undefined when it is missing; other errors throw. */
// deno-lint-ignore no-explicit-any
function statOrMissing(path: string): any {
  try {
    return deno.statSync(path);
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
}

/** A regular file's size, mtime (ms) and inode (0 when the OS gives none). */
export interface FileStat {
  /** Bytes. */
  size: number;
  /** Last modification, ms since the epoch. */
  mtimeMs: number;
  /** Inode, 0 when unknown. */
  ino: number;
}

/**
 * Under Deno, a stat through Deno's own API, else undefined (use `node:fs`).
 * It returns undefined for a missing path or one that is not a regular file,
 * and throws an error with a `code` (`EACCES`, `ELOOP`…) otherwise. Deno's
 * `node:fs` `statSync` builds a full `Stats` (dates, getters) from the same
 * call: a no-change `usage` re-scan of ~8,000 files spent ~200 ms of CPU
 * more with it. The mtime is the same whole millisecond both give on Deno.
 */
export function denoStatFile(): ((path: string) => FileStat | undefined) | undefined {
  if (!deno?.statSync) return undefined;
  return (path) => {
    const info = statOrMissing(path);
    if (!info?.isFile) return undefined;
    return { size: info.size, mtimeMs: info.mtime?.getTime() ?? 0, ino: Number(info.ino) || 0 };
  };
}

/** A folder's mtime and ctime (ms) and inode (0 when the OS gives none). */
export interface DirStat {
  /** Last change of its entries (or a `utimes`), ms since the epoch. */
  mtimeMs: number;
  /**
   * Last change of the folder's inode (entries, mode, owner, times), ms since
   * the epoch. Deno 2.9 on Linux gives whole seconds that a `chmod` or
   * `utimes` does not move: compare it, never rely on it alone.
   */
  ctimeMs: number;
  /** Inode, 0 when unknown. */
  ino: number;
}

/**
 * Under Deno, a folder's stat through Deno's own API (see {@link denoStatFile}),
 * else undefined (use `node:fs`). It follows symlinks, returns undefined for a
 * missing path or one that is not a folder, and throws an error with a `code`
 * otherwise.
 */
export function denoStatDir(): ((path: string) => DirStat | undefined) | undefined {
  if (!deno?.statSync) return undefined;
  return (path) => {
    const info = statOrMissing(path);
    if (!info?.isDirectory) return undefined;
    return {
      mtimeMs: info.mtime?.getTime() ?? 0,
      ctimeMs: info.ctime?.getTime() ?? 0,
      ino: Number(info.ino) || 0,
    };
  };
}

/**
 * Under Deno, a folder's entries with their kinds through Deno's own API,
 * else undefined (use `node:fs`). It returns undefined for a missing path or
 * one that is not a folder, and throws an error with a `code` otherwise.
 */
export function denoReadDir():
  | ((path: string) => { names: string[]; kinds: string } | undefined)
  | undefined {
  if (!deno?.readDirSync) return undefined;
  return (path) => {
    const names: string[] = [];
    let kinds = "";
    try {
      for (const e of deno.readDirSync(path)) {
        names.push(e.name);
        kinds += e.isDirectory ? "d" : e.isFile ? "f" : e.isSymlink ? "l" : "o";
      }
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    return { names, kinds };
  };
}
