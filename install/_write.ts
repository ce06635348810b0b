/**
 * The disk side of the engine: writing or deleting one file after its
 * backup, recording files and folders we created, and rolling the ledgers
 * back when a write fails.
 *
 * @module
 */

import { chmodSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import {
  crashPoint,
  LinkTargetError,
  resolveWriteTarget,
  writeFileAtomic,
} from "../io/atomic_write.ts";
import type { Journal } from "./journal.ts";
import { backupDirFor, backupFile } from "../io/backups.ts";
import type { Ledgers, LeftoverDir } from "../io/ledgers.ts";
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

/**
 * The backup of a file could not be taken, so the file was not touched: the
 * user's file is fine, the backup folder (`dir`) is what needs attention.
 */
class BackupFailed extends Error {
  /** The folder the backup was going to. */
  readonly dir: string;
  /** Wraps the error of the backup write. */
  constructor(dir: string, cause: unknown) {
    super((cause as Error)?.message ?? String(cause), { cause });
    this.name = "BackupFailed";
    this.dir = dir;
  }
}

/** Why an error of the file system happened, in words. */
function reason(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EROFS") return "read-only file system";
  if (code === "ENOTDIR") return "a file is in the way";
  if (err instanceof LinkTargetError) return err.message.slice(err.path.length + 1);
  return (err as Error).message;
}

/** Says why a write failed, in words (the failed backup's folder when that was it). */
export function writeProblem(err: unknown): string {
  if (err instanceof BackupFailed) {
    return `cannot be backed up (${reason(err.cause)}: ${err.dir})`;
  }
  return `cannot be written (${reason(err)})`;
}

function takeBackup(dataRoot: string, file: string, now?: Date): string | undefined {
  try {
    return backupFile(dataRoot, file, now);
  } catch (err) {
    throw new BackupFailed(backupDirFor(dataRoot, file), err);
  }
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

/** Removes an empty folder; false when it is still there (not empty, or not removable). */
function removeDir(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "ENOENT";
  }
}

/** Records a folder we created that still holds something, for {@link sweepLeftoverDirs}. */
function keepLeftover(ctx: RunContext, path: string): void {
  let ino: number;
  try {
    const st = statSync(path);
    if (!st.isDirectory()) return;
    ino = st.ino;
  } catch {
    return;
  }
  const list = (ctx.ledgers.created.leftoverDirs ?? []).filter((d) => d.path !== path);
  list.push({ path, ino });
  ctx.ledgers.created.leftoverDirs = list;
  ctx.ledgers.dirty.add("created");
}

/** Drops a deleted file's record, removing the folders created for it (or keeping them as leftovers). */
function forgetFile(ctx: RunContext, path: string): void {
  const info = ctx.ledgers.created.files[path];
  if (!info) return;
  for (const d of [...info.createdDirs ?? []].reverse()) {
    if (!removeDir(d)) keepLeftover(ctx, d);
  }
  delete ctx.ledgers.created.files[path];
  ctx.ledgers.dirty.add("created");
}

/**
 * The final sweep of a run: removes every recorded leftover folder (one we
 * created, see {@link keepLeftover}) that is empty now, deepest first, so
 * the order in which files were removed does not matter. A folder that is
 * not empty stays recorded; one that was removed and re-created since (a
 * different inode) is not ours and is only forgotten.
 */
export function sweepLeftoverDirs(ctx: RunContext): void {
  const list = ctx.ledgers.created.leftoverDirs;
  if (!list?.length) return;
  const depth = (p: string) => p.split(/[\\/]/).length;
  const keep: LeftoverDir[] = [];
  for (const d of [...list].sort((a, b) => depth(b.path) - depth(a.path))) {
    let ino: number | undefined;
    try {
      ino = statSync(d.path).ino;
    } catch { /* gone */ }
    if (ino === undefined || ino !== d.ino) continue;
    if (!removeDir(d.path)) keep.push(d);
  }
  if (keep.length === list.length) return;
  ctx.ledgers.created.leftoverDirs = keep.sort((a, b) => a.path.localeCompare(b.path));
  ctx.ledgers.dirty.add("created");
}

/**
 * Writes (or deletes) a session's file after backing up the old one.
 *
 * @returns The backup's path, if one was taken.
 */
export function writeSession(
  s: FileSession,
  ctx: RunContext,
  o: { dataRoot: string; now?: Date; journal?: Journal },
): string | undefined {
  const modeOnly = s.text !== undefined && s.text === s.original && s.mode !== undefined &&
    s.currentMode !== undefined && (s.currentMode & 0o777) !== s.mode;
  if (modeOnly) chmodSync(s.path, s.mode!);
  if (s.text === undefined && s.original === undefined) {
    forgetFile(ctx, s.path); // a file we created was deleted by someone else
    return undefined;
  }
  if (s.text === s.original) return undefined;
  const backup = s.original === undefined ? undefined : takeBackup(o.dataRoot, s.path, o.now);
  o.journal?.file(s.path, backup, s.text);
  const created = ctx.ledgers.created;
  if (s.text === undefined) {
    // Through a link, the file behind it goes; the link stays (#19).
    unlinkSync(resolveWriteTarget(s.path));
    crashPoint();
    forgetFile(ctx, s.path);
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
