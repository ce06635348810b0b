/**
 * A source's stat for the scan's listing: under Deno through its own API
 * (`denoStatFile`: a listing stats thousands of files, and Deno's `node:fs`
 * builds a full `Stats` for each), else `node:fs`. Both give the mtime in
 * whole milliseconds, so a cursor kept under one runtime holds under the
 * other.
 *
 * @module
 */

import { denoStatFile, type FileStat } from "../edge/runtime_info.ts";
import type { UsageSource } from "./reader.ts";
import { nodeFs } from "../edge/node_fs.ts";

/** A source as it stands on disk: size and mtime (with its companions') and inode. */
export type SourceStat = FileStat;

const statFile: (path: string) => FileStat | undefined = denoStatFile() ?? ((path) => {
  const st = nodeFs().statSync(path, { throwIfNoEntry: false });
  return st?.isFile()
    ? { size: st.size, mtimeMs: Math.floor(st.mtimeMs), ino: Number(st.ino) || 0 }
    : undefined;
});

/**
 * The stat of a source (and its companions: a change to any is a change of
 * the source), undefined when it is missing or not a regular file; throws
 * the OS error (with its `code`) when it cannot be stat'ed.
 */
export function statSource(source: UsageSource): SourceStat | undefined {
  const st = statFile(source.path);
  if (!st || !source.companions) return st;
  let { size, mtimeMs } = st;
  for (const path of source.companions) {
    let c: FileStat | undefined;
    try {
      c = statFile(path);
    } catch { /* unreadable: as absent */ }
    if (!c) continue; // the host has not written it
    size += c.size;
    mtimeMs = Math.max(mtimeMs, c.mtimeMs);
  }
  return { size, mtimeMs, ino: st.ino };
}

/** A listed source: its identity and how it stood. */
export interface ListedSource {
  /** The source. */
  source: UsageSource;
  /** Its identity (`source.key ?? source.path`). */
  key: string;
  /** Its size, mtime and inode when listed. */
  stat: SourceStat;
}
