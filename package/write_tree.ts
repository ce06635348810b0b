/**
 * Writes a package folder all at once: every file goes into a staging
 * folder beside `--out`, which is then renamed into place, so `--out` is
 * either the old package or the new one, never half of each. A folder we
 * did not write is never replaced: `--out` must be missing, empty, or hold
 * our marker file ({@link MARKER_PATH}), which every package carries.
 *
 * @module
 */

import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import { ensureDir } from "../io/atomic_write.ts";
import type { PackageFile } from "./types.ts";

/** The marker that proves a folder was written by `agent-connector package`. */
export const MARKER_PATH = ".agent-connector-package";

/** The marker's text: the formats the folder holds (no date, so bytes stay stable). */
export function markerText(formats: readonly string[]): string {
  return `Written by \`agent-connector package\` (${
    formats.join(", ")
  }). Running it again replaces this folder.\n`;
}

/** Thrown when `--out` cannot be written. */
export class OutFolderError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "OutFolderError";
  }
}

/** What is at `dir` now: nothing, an empty folder, our package, or something else. */
export function outFolderState(dir: string): "missing" | "empty" | "ours" | "foreign" | "file" {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch {
    return "missing";
  }
  if (!stat.isDirectory()) return "file";
  const names = readdirSync(dir);
  if (names.length === 0) return "empty";
  return names.includes(MARKER_PATH) ? "ours" : "foreign";
}

/** Throws {@link OutFolderError} unless `dir` may be (re)written. */
export function assertWritableOut(dir: string): void {
  const state = outFolderState(dir);
  if (state === "file") {
    throw new OutFolderError(`--out "${dir}" is a file, not a folder — choose another --out`);
  }
  if (state === "foreign") {
    throw new OutFolderError(
      `--out "${dir}" is not empty and was not written by agent-connector package (no ${MARKER_PATH} in it) — choose another --out, or empty that folder yourself`,
    );
  }
}

/** Writes `files` as the whole content of `dir`, atomically replacing a package we wrote. */
export function writePackageTree(dir: string, files: readonly PackageFile[]): void {
  assertWritableOut(dir);
  const parent = dirname(dir);
  ensureDir(parent);
  const tag = `${basename(dir)}.ac-${process.pid}`;
  const stage = join(parent, `.${tag}-stage`);
  const old = join(parent, `.${tag}-old`);
  rmSync(stage, { recursive: true, force: true });
  try {
    mkdirSync(stage);
    for (const file of files) {
      const path = join(stage, ...file.path.split("/"));
      ensureDir(dirname(path));
      writeFileSync(path, file.text, file.executable ? { mode: 0o755 } : undefined);
      if (file.executable) chmodSync(path, 0o755);
    }
    const state = outFolderState(dir);
    if (state === "empty") rmdirSync(dir);
    if (state === "ours") renameSync(dir, old);
    try {
      renameSync(stage, dir);
    } catch (error) {
      if (state === "ours") renameSync(old, dir);
      throw error;
    }
    if (state === "ours") rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
