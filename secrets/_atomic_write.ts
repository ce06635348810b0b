/**
 * A minimal atomic write (temp file in the same folder, then rename) with an
 * explicit mode, so a crash never leaves a half-written store or index and a
 * secret file is never readable by others, not even for an instant.
 * TODO(engine): replace with io/'s atomic write once it lands on main.
 *
 * @module
 */

import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/** Writes `text` to `path` atomically; the file gets `mode` (e.g. 0o600). */
export function writeFileAtomic(path: string, text: string, mode: number): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = openSync(temp, "wx", mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
