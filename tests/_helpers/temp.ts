/**
 * Temporary folders for tests, always removed afterwards.
 *
 * @module
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
