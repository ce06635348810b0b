/**
 * The kept scan state: per platform, one file under
 * `<data root>/cache/usage/<platform>.json` with a cursor per source (size,
 * mtime, inode, the offset past the last line read, a hash of the bytes around
 * it, the decoder's state) and the source's records. Counts and ids only:
 * never a byte of prompt text (the byte samples are hashed).
 *
 * A re-scan reuses a source whose size and mtime are unchanged, continues one
 * that grew with the same bytes before the cursor, and re-reads one that was
 * rewritten or truncated; a removed source drops out.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { readFileSync, readSync } from "node:fs";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import type { Rows } from "./_rows.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS } from "./table.ts";
import type { SourceProblem } from "./_decode.ts";

const FORMAT = 2;

/** What the cache keeps of one source. */
export interface CachedSource {
  /** Where the source was. */
  path: string;
  /** Its size when read. */
  size: number;
  /** Its mtime when read. */
  mtimeMs: number;
  /** Its inode (0 when the OS gives none). */
  ino: number;
  /** The offset past the last line taken. */
  end: number;
  /** Hash of the bytes at the start and just before `end`. */
  head: string;
  /** The decoder's state at `end`. */
  saved: unknown;
  /** The source's records, one row per request key. */
  rows: Rows;
  /** Problems found in it. */
  problems: SourceProblem[];
}

/** The cache file of `platform` under `dir`. */
export function cacheFile(dir: string, platform: string): string {
  return join(dir, `${platform}.json`);
}

/** Loads a platform's cached sources; undefined when absent, unreadable or of another reader version. */
export function loadCache(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
): Map<string, CachedSource> | undefined {
  let data: {
    format?: number;
    reader?: number;
    sources?: Record<string, EncodedSource>;
  };
  try {
    data = JSON.parse(readFileSync(cacheFile(dir, platform), "utf8"));
  } catch {
    return undefined;
  }
  if (data.format !== FORMAT || data.reader !== readerVersion || !data.sources) return undefined;
  const out = new Map<string, CachedSource>();
  for (const [key, enc] of Object.entries(data.sources)) {
    out.set(key, decodeSource(enc, platform, confidence));
  }
  return out;
}

/** Writes a platform's cache atomically (temp file, then rename). Errors are swallowed: the cache is optional. */
export function saveCache(
  dir: string,
  platform: string,
  readerVersion: number,
  sources: Map<string, CachedSource>,
): boolean {
  const encoded: Record<string, EncodedSource> = {};
  for (const [key, source] of sources) encoded[key] = encodeSource(source);
  try {
    const body = JSON.stringify({ format: FORMAT, reader: readerVersion, sources: encoded });
    writeFileAtomic(cacheFile(dir, platform), body, { mode: 0o600 });
    return true;
  } catch {
    return false; // the cache is optional: no write permission, a full disk
  }
}

/**
 * Hashes the first bytes of the file and the bytes just before `end`, so a
 * file rewritten under the same or a larger size is told from an append.
 */
export function headHash(fd: number, end: number): string {
  const span = 256;
  const buf = Buffer.alloc(Math.min(span, end) + Math.min(span, end));
  const first = Math.min(span, end);
  readSync(fd, buf, 0, first, 0);
  readSync(fd, buf, first, Math.min(span, end), Math.max(0, end - span));
  return hashBytes(buf);
}

/** A 53-bit string hash of bytes (cyrb53), as base 36. */
export function hashBytes(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A 53-bit hash of a string's UTF-16 code units, as base 36. */
export function hashString(text: string): string {
  const bytes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return hashBytes(new Uint8Array(bytes.buffer));
}

interface EncodedSource {
  p: string;
  s: number;
  m: number;
  i: number;
  e: number;
  h: string;
  st?: unknown;
  /** Strings of the index columns. */
  t: string[];
  /** Request keys. */
  k: string[];
  /** Secondary flags. */
  x2: number[];
  /** Columns by name. */
  c: Record<string, (number | null)[]>;
  x?: SourceProblem[];
}

function encodeSource(src: CachedSource): EncodedSource {
  const t = src.rows.table;
  const c: Record<string, (number | null)[]> = {};
  // NaN (not logged) is not JSON: it is written as null.
  for (const name of NUMBER_COLUMNS) {
    c[name] = Array.from(t[name], (v) => (Number.isNaN(v) ? null : v));
  }
  for (const name of INDEX_COLUMNS) c[name] = Array.from(t[name]);
  const out: EncodedSource = {
    p: src.path,
    s: src.size,
    m: src.mtimeMs,
    i: src.ino,
    e: src.end,
    h: src.head,
    t: t.strings,
    k: src.rows.keys,
    x2: Array.from(src.rows.secondary),
    c,
  };
  if (src.saved !== null && src.saved !== undefined) out.st = src.saved;
  if (src.problems.length > 0) out.x = src.problems;
  return out;
}

function decodeSource(
  enc: EncodedSource,
  platform: HostId,
  confidence: UsageConfidence,
): CachedSource {
  const count = enc.k.length;
  const table = emptyTable(platform, confidence, count, enc.t, false);
  for (const name of NUMBER_COLUMNS) {
    const col = enc.c[name] ?? [];
    for (let i = 0; i < count; i++) table[name][i] = col[i] ?? NaN;
  }
  for (const name of INDEX_COLUMNS) {
    const col = enc.c[name] ?? [];
    for (let i = 0; i < count; i++) table[name][i] = col[i] ?? -1;
  }
  return {
    path: enc.p,
    size: enc.s,
    mtimeMs: enc.m,
    ino: enc.i,
    end: enc.e,
    head: enc.h,
    saved: enc.st ?? null,
    rows: { keys: enc.k, secondary: enc.x2 ?? [], table },
    problems: enc.x ?? [],
  };
}
