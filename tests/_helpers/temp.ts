/**
 * Temporary HOME/project folders for tests, removed afterwards.
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
