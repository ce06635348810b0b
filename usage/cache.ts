/**
 * The kept scan state, per platform, under `<data root>/cache/usage/`:
 *
 * - `<platform>.cursors.json`: per source its size, mtime, inode, the offset
 *   past the last line read, a hash of the bytes around it, the decoder's
 *   state and its problems, plus the fingerprint of the listing they describe.
 *   Small; read whenever something changed.
 * - `<platform>.rows.json`: per source its records (keyed rows) and the
 *   offset they were read up to. Large; read only when a source was
 *   rewritten, truncated or removed, and then every source whose rows lag its
 *   cursor is read again.
 * - the snapshot (`_snapshot.ts`): the deduplicated records and their keys.
 *
 * Counts and ids only: never a byte of prompt text (byte samples are hashed).
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../io/atomic_write.ts";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import type { Rows } from "./_rows.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS } from "./table.ts";
import type { SourceProblem } from "./_decode.ts";

const FORMAT = 3;

/** Where the scan stopped reading one source. */
export interface Cursor {
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
  /** Problems found in it. */
  problems: SourceProblem[];
}

/** A source's records as read up to `end`. */
export interface KeptRows {
  /** The offset the rows were read up to (equal to the cursor's when current). */
  end: number;
  /** The rows. */
  rows: Rows;
}

function file(dir: string, platform: string, kind: string): string {
  return join(dir, `${platform}.${kind}.json`);
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function writeJson(path: string, value: unknown): boolean {
  try {
    writeFileAtomic(path, JSON.stringify(value), { mode: 0o600 });
    return true;
  } catch {
    return false; // the cache is optional: no write permission, a full disk
  }
}

/** Loads a platform's cursors and the fingerprint they were saved with. */
export function loadCursors(
  dir: string,
  platform: string,
  readerVersion: number,
): { fingerprint: string; cursors: Map<string, Cursor> } | undefined {
  const data = readJson(file(dir, platform, "cursors"));
  if (!data || data.format !== FORMAT || data.reader !== readerVersion) return undefined;
  const sources = (data.sources ?? {}) as Record<string, Cursor>;
  return { fingerprint: String(data.fingerprint), cursors: new Map(Object.entries(sources)) };
}

/** Saves a platform's cursors; false when it could not. */
export function saveCursors(
  dir: string,
  platform: string,
  readerVersion: number,
  fingerprint: string,
  cursors: Map<string, Cursor>,
): boolean {
  return writeJson(file(dir, platform, "cursors"), {
    format: FORMAT,
    reader: readerVersion,
    fingerprint,
    sources: Object.fromEntries(cursors),
  });
}

interface EncodedRows {
  /** Offset read up to. */
  e: number;
  /** Strings of the index columns. */
  t: string[];
  /** Request keys. */
  k: string[];
  /** Secondary flags. */
  x: number[];
  /** Columns by name; NaN (not logged) is written as null. */
  c: Record<string, (number | null)[]>;
}

/** Loads every source's kept rows; undefined when absent or of another reader version. */
export function loadRows(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
): Map<string, KeptRows> | undefined {
  const data = readJson(file(dir, platform, "rows"));
  if (!data || data.format !== FORMAT || data.reader !== readerVersion) return undefined;
  const out = new Map<string, KeptRows>();
  for (const [key, enc] of Object.entries((data.sources ?? {}) as Record<string, EncodedRows>)) {
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
    out.set(key, { end: enc.e, rows: { keys: enc.k, secondary: enc.x ?? [], table } });
  }
  return out;
}

/** Saves every source's kept rows; false when it could not. */
export function saveRows(
  dir: string,
  platform: string,
  readerVersion: number,
  kept: Map<string, KeptRows>,
): boolean {
  const sources: Record<string, EncodedRows> = {};
  for (const [key, { end, rows }] of kept) {
    const t = rows.table;
    const c: Record<string, (number | null)[]> = {};
    for (const name of NUMBER_COLUMNS) {
      c[name] = Array.from(t[name], (v) => (Number.isNaN(v) ? null : v));
    }
    for (const name of INDEX_COLUMNS) c[name] = Array.from(t[name]);
    sources[key] = { e: end, t: t.strings, k: rows.keys, x: Array.from(rows.secondary), c };
  }
  return writeJson(file(dir, platform, "rows"), { format: FORMAT, reader: readerVersion, sources });
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
