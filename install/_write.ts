/**
 * The disk side of the engine: writing or deleting one file after its
 * backup, recording files and folders we created, and rolling the ledgers
 * back when a write fails.
 *
 * @module
 */

import { chmodSync, rmdirSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { backupFile } from "../io/backups.ts";
import type { Ledgers } from "../io/ledgers.ts";
import type { FileSession, RunContext } from "./_session.ts";

/** Serialises the ledgers so a failed write can undo its changes. */
export function snapshot(l: Ledgers): string {
  return JSON.stringify({
    owned: l.owned,
    created: l.created,
    patches: l.patches,
    memory: l.memory,
    dirty: [...l.dirty],
  });
}

/** Puts back the ledgers saved by {@link snapshot}. */
export function restore(l: Ledgers, snap: string): void {
  const v = JSON.parse(snap);
  Object.assign(l, {
    owned: v.owned,
    created: v.created,
    patches: v.patches,
    memory: v.memory,
    dirty: new Set(v.dirty),
  });
}

/** Says why a write failed, in words. */
export function writeProblem(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === "EACCES" || code === "EPERM") return "cannot be written (permission denied)";
  if (code === "ENOSPC") return "cannot be written (the disk is full)";
  if (code === "EROFS") return "cannot be written (read-only file system)";
  return `cannot be written (${(err as Error).message})`;
}

function dirChain(outermost: string | undefined, dir: string): string[] {
  if (!outermost) return [];
  const chain: string[] = [];
  for (let d = dir; d.length >= outermost.length; d = dirname(d)) {
    chain.unshift(d);
    if (d === outermost) break;
  }
  return chain;
}

/**
 * Writes (or deletes) a session's file after backing up the old one.
 *
 * @returns The backup's path, if one was taken.
 */
export function writeSession(
  s: FileSession,
  ctx: RunContext,
  o: { dataRoot: string; now?: Date },
): string | undefined {
  const modeOnly = s.text !== undefined && s.text === s.original && s.mode !== undefined &&
    s.currentMode !== undefined && (s.currentMode & 0o777) !== s.mode;
  if (modeOnly) chmodSync(s.path, s.mode!);
  if (s.text === s.original) return undefined;
  const backup = s.original === undefined ? undefined : backupFile(o.dataRoot, s.path, o.now);
  const created = ctx.ledgers.created;
  if (s.text === undefined) {
    unlinkSync(s.path);
    const dirs = created.files[s.path]?.createdDirs ?? [];
    for (const d of [...dirs].reverse()) {
      try {
        rmdirSync(d);
      } catch { /* not empty: someone else's files live there */ }
    }
    if (created.files[s.path]) {
      delete created.files[s.path];
      ctx.ledgers.dirty.add("created");
    }
    return backup;
  }
  const outermost = writeFileAtomic(s.path, s.text, {
    mode: s.mode,
    forceMode: s.mode !== undefined,
  });
  if (s.original === undefined) {
    const info = created.files[s.path] ??= {};
    info.createdFile = true;
    const dirs = dirChain(outermost, dirname(s.path));
    if (dirs.length) info.createdDirs = dirs;
    ctx.ledgers.dirty.add("created");
  }
  return backup;
}
