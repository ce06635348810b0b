/**
 * `--out <file>` of the export commands: the file's folder must already
 * exist, so a mistyped path is one clear error instead of a new folder (or a
 * raw ENOENT), and the file is replaced atomically, so an interrupted export
 * never leaves a half-written file where a whole one was.
 *
 * @module
 */

import { statSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { CliError } from "./_errors.ts";

/**
 * Throws a {@link CliError} naming the folder when `path`'s folder does not
 * exist, or when `path` is itself a folder.
 */
export function assertOutFolder(path: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch { /* not there yet: the usual case */ }
  if (isFolder) {
    throw new CliError(`Cannot write "${path}": it is a folder — name a file for --out`);
  }
  const dir = dirname(path);
  let folder = false;
  try {
    folder = statSync(dir).isDirectory();
  } catch { /* missing */ }
  if (!folder) {
    throw new CliError(
      `Cannot write "${path}": the folder ${dir} does not exist — create it, or choose another --out`,
    );
  }
}

/**
 * Writes an export's `text` to `path` (resolved already) atomically, after
 * {@link assertOutFolder}; any failure is one {@link CliError} naming the file.
 */
export function writeOutFile(path: string, text: string): void {
  assertOutFolder(path);
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw new CliError(`Cannot write "${path}": ${(error as Error).message}`);
  }
}
