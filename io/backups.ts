/**
 * Timestamped backups taken before every change to a file that already
 * exists. Layout: `<dataRoot>/backups/<file name>-<hash of its path>/<UTC
 * timestamp>`, plus a `source` file naming the original path. Only the
 * newest {@link BACKUPS_KEPT_PER_FILE} copies of each file are kept.
 *
 * @module
 */

import { copyFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { sha256Hex } from "../core/hash.ts";
import { ensureDir } from "./atomic_write.ts";

/** How many backups of one file are kept; older ones are deleted. */
export const BACKUPS_KEPT_PER_FILE = 10;

/** The backup policy in one sentence, for `install --help`. */
export const BACKUP_POLICY: string =
  `Before changing an existing file, a copy goes to <data root>/backups/<file>-<hash>/<UTC time>; ` +
  `the ${BACKUPS_KEPT_PER_FILE} newest copies of each file are kept.`;

/** Returns the folder holding the backups of `file`. */
export function backupDirFor(dataRoot: string, file: string): string {
  const abs = resolve(file);
  const name = basename(abs).replace(/[^A-Za-z0-9._-]/g, "_") || "file";
  return join(dataRoot, "backups", `${name}-${sha256Hex(abs).slice(0, 12)}`);
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.(\d+)Z$/, ".$1Z");
}

/**
 * Copies `file` into its backup folder and prunes old copies.
 *
 * @param dataRoot The framework data root.
 * @param file The file about to change.
 * @param now The time stamped on the copy.
 * @returns The backup's path, or `undefined` when `file` does not exist.
 */
export function backupFile(
  dataRoot: string,
  file: string,
  now: Date = new Date(),
): string | undefined {
  try {
    if (!statSync(file).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const dir = backupDirFor(dataRoot, file);
  ensureDir(dir, 0o700);
  writeFileSync(join(dir, "source"), resolve(file) + "\n", { mode: 0o600 });
  const base = stamp(now);
  let target = join(dir, base);
  for (let n = 1; exists(target); n++) target = join(dir, `${base}-${n}`);
  copyFileSync(file, target);
  pruneBackups(dir);
  return target;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Deletes all but the newest {@link BACKUPS_KEPT_PER_FILE} copies in a backup folder. */
export function pruneBackups(dir: string, keep: number = BACKUPS_KEPT_PER_FILE): string[] {
  const copies = readdirSync(dir).filter((n) => /^\d{8}T\d{6}/.test(n)).sort(compareStamps);
  const doomed = copies.slice(0, Math.max(0, copies.length - keep));
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}

function compareStamps(a: string, b: string): number {
  const [sa, na] = splitStamp(a);
  const [sb, nb] = splitStamp(b);
  return sa === sb ? na - nb : sa < sb ? -1 : 1;
}

function splitStamp(name: string): [string, number] {
  const m = /^(.*?)(?:-(\d+))?$/.exec(name)!;
  return [m[1], Number(m[2] ?? 0)];
}
