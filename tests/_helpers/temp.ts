/**
 * Temporary folders for tests, always removed afterwards.
 *
 * @module
 */

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

/** Creates a fresh temp folder; call the returned `cleanup` when done. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `fn` with a fresh temp folder (`ac-…`) and removes it afterwards, even on failure. */
export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  let async = false;
  try {
    const result = fn(dir);
    if (result instanceof Promise) {
      async = true;
      return result.finally(() => rmSync(dir, { recursive: true, force: true })) as T;
    }
    return result;
  } finally {
    if (!async) rmSync(dir, { recursive: true, force: true });
  }
}

/** Lists every file under `dir`, relative and sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}
