/**
 * Writing the kept scan state (`cache.ts` describes the files). Apart from
 * `cache.ts` because writing loads `node:fs` (io/atomic_write.ts), which a
 * re-scan with nothing new does not: it writes nothing, and loads this only
 * when a kept file changed.
 *
 * @module
 */

import { writeFileAtomic } from "../io/atomic_write.ts";
import { cacheFile, type Cursor, CURSORS_FORMAT } from "./cache.ts";

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

/** Saves a platform's cursors; false when it could not. */
export function saveCursors(
  dir: string,
  platform: string,
  readerVersion: number,
  fingerprint: string,
  cursors: Map<string, Cursor>,
): boolean {
  return writeCacheFile(
    cacheFile(dir, platform, "cursors.json"),
    JSON.stringify({
      format: CURSORS_FORMAT,
      reader: readerVersion,
      fingerprint,
      sources: Object.fromEntries(cursors),
    }),
  );
}
