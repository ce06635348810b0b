/**
 * `--out <file>` of the export commands: the file's folder must already
 * exist, so a mistyped path is one clear error instead of a new folder (or a
 * raw ENOENT).
 *
 * @module
 */

import { statSync } from "node:fs";
import { dirname } from "node:path";
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
