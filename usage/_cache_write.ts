/**
 * Writing the usage cache (`_cursors.ts`, `_results.ts`). Apart from
 * `cache.ts` because writing loads `node:fs` (io/atomic_write.ts), which a
 * re-scan with nothing new does not: it writes nothing, and loads this only
 * when a kept file changed.
 *
 * @module
 */

import { ensureDir, writeFileAtomic } from "../io/atomic_write.ts";

/**
 * Writes one cache file atomically (owner-only); false when it could not:
 * the cache is optional (no write permission, a full disk). `durable` false
 * skips the fsync (see `AtomicWriteOptions.durable`).
 */
export function writeCacheFile(
  path: string,
  data: string | Uint8Array,
  durable = true,
): boolean {
  try {
    writeFileAtomic(path, data, { mode: 0o600, durable });
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the cache folder `dir` before a first cached scan; the warning to
 * show when it cannot (the scan then runs without the cache), naming the
 * folder that could not be made and what to do.
 */
export function makeCacheDir(dir: string): string | undefined {
  try {
    ensureDir(dir);
    return undefined;
  } catch (error) {
    const { code, path } = error as { code?: string; path?: string };
    const why = code === "ENOENT"
      ? "its file system does not allow new folders there"
      : code === "EACCES" || code === "EPERM"
      ? "permission denied"
      : code === "EROFS"
      ? "read-only file system"
      : code === "ENOTDIR" || code === "EEXIST"
      ? "a file is in the way"
      : (error as Error).message;
    return `usage cache skipped: cannot create the folder ${path ?? dir}: ${why}; every log ` +
      "is read in full (set AGENT_CONNECTOR_DATA_DIR to a writable folder, or pass --no-cache)";
  }
}
