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
import { mkdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReaderRecord } from "./reader.ts";
import type { SourceProblem } from "./_decode.ts";

const FORMAT = 1;

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
  /** The source's records, one per request key. */
  records: ReaderRecord[];
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
  platform: string,
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
  for (const [key, enc] of Object.entries(data.sources)) out.set(key, decodeSource(enc));
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
  const file = cacheFile(dir, platform);
  const tmp = `${file}.${process_id()}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      tmp,
      JSON.stringify({ format: FORMAT, reader: readerVersion, sources: encoded }),
      { mode: 0o600 },
    );
    renameSync(tmp, file);
    return true;
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch { /* nothing to clean */ }
    return false;
  }
}

function process_id(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
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
  t: string[];
  r: (string | number | null)[][];
  x?: SourceProblem[];
}

function encodeSource(src: CachedSource): EncodedSource {
  const table: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | undefined): number => {
    if (s === undefined) return -1;
    let i = index.get(s);
    if (i === undefined) {
      i = table.length;
      table.push(s);
      index.set(s, i);
    }
    return i;
  };
  const rows = src.records.map((r) => [
    r.key,
    r.ts,
    ref(r.sessionId),
    ref(r.projectKey),
    ref(r.modelId),
    ref(r.providerId),
    r.tokens.input,
    r.tokens.cacheRead,
    r.tokens.cacheWrite,
    r.tokens.cacheWrite1h,
    r.tokens.output,
    r.tokens.reasoning,
    r.costUsd ?? null,
    r.pricingMultiplier ?? null,
    r.secondary ? 1 : 0,
  ]);
  const out: EncodedSource = {
    p: src.path,
    s: src.size,
    m: src.mtimeMs,
    i: src.ino,
    e: src.end,
    h: src.head,
    t: table,
    r: rows,
  };
  if (src.saved !== null && src.saved !== undefined) out.st = src.saved;
  if (src.problems.length > 0) out.x = src.problems;
  return out;
}

function decodeSource(enc: EncodedSource): CachedSource {
  const t = enc.t;
  const str = (i: unknown) => (typeof i === "number" && i >= 0 ? t[i] : undefined);
  const records: ReaderRecord[] = enc.r.map((row) => {
    const record: ReaderRecord = {
      key: row[0] as string,
      ts: row[1] as number,
      sessionId: str(row[2]) ?? "",
      projectKey: str(row[3]) ?? "",
      tokens: {
        input: row[6] as number,
        cacheRead: row[7] as number,
        cacheWrite: row[8] as number,
        cacheWrite1h: row[9] as number,
        output: row[10] as number,
        reasoning: row[11] as number,
      },
    };
    const model = str(row[4]);
    if (model !== undefined) record.modelId = model;
    const provider = str(row[5]);
    if (provider !== undefined) record.providerId = provider;
    if (row[12] !== null) record.costUsd = row[12] as number;
    if (row[13] !== null) record.pricingMultiplier = row[13] as number;
    if (row[14] === 1) record.secondary = true;
    return record;
  });
  return {
    path: enc.p,
    size: enc.s,
    mtimeMs: enc.m,
    ino: enc.i,
    end: enc.e,
    head: enc.h,
    saved: enc.st ?? null,
    records,
    problems: enc.x ?? [],
  };
}
