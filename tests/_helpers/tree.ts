/**
 * Snapshots of a directory tree (path → bytes), for "uninstall returns every
 * file byte-identical and removes every file it created" assertions.
 *
 * @module
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Every file below `root` (relative path → content), skipping `ignore` prefixes. */
export function snapshotTree(root: string, ignore: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (ignore.some((p) => rel === p || rel.startsWith(`${p}/`))) continue;
      if (statSync(path).isDirectory()) walk(path);
      else out.set(rel, readFileSync(path, "latin1"));
    }
  };
  walk(root);
  return out;
}

/** Every directory below `root` (relative), skipping `ignore` prefixes. */
export function listDirs(root: string, ignore: string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (ignore.some((p) => rel === p || rel.startsWith(`${p}/`))) continue;
      if (statSync(path).isDirectory()) {
        out.push(rel);
        walk(path);
      }
    }
  };
  walk(root);
  return out.sort();
}

/** A sandbox's files (path → bytes) and folders at one moment. */
export interface TreeSnap {
  /** Path → bytes (latin1). */
  files: Map<string, string>;
  /** Folder paths, sorted. */
  dirs: string[];
}

/** Asserts `now` holds exactly the files (byte for byte) and folders of `before`. */
export function assertSameTree(now: TreeSnap, before: TreeSnap, what: string): void {
  assert.deepEqual([...now.files.keys()].sort(), [...before.files.keys()].sort(), what);
  for (const [path, bytes] of before.files) {
    assert.ok(now.files.get(path) === bytes, `${what}: ${path} changed`);
  }
  assert.deepEqual(now.dirs, before.dirs, `${what}: folders`);
}
