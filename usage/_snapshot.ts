/**
 * The deduplicated records of one platform as of its last scan, with the
 * fingerprint of the sources they came from. A re-scan that finds every
 * source unchanged loads this and nothing else: no per-source state, no
 * deduplication. Counts and ids only.
 *
 * `<platform>.records.bin`: `ASU1`, a uint32 length, a JSON header (format,
 * reader version, fingerprint, count, string table, problems), padding to 8
 * bytes, then one typed column per field, so loading is a copy, not a parse.
 * Columns are in this machine's byte order (the cache never leaves it).
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence, UsageProblem } from "../core/usage_types.ts";
import { INDEX_COLUMNS, NUMBER_COLUMNS, type RecordTable } from "./table.ts";
import type { Rows } from "./_rows.ts";

const FORMAT = 3;
const MAGIC = 0x31555341; // the bytes "ASU1", read as a little-endian uint32

/** What a snapshot holds. */
export interface Snapshot {
  /** The deduplicated records (keys dropped: they are only needed to merge). */
  table: RecordTable;
  /** The problems of the sources. */
  problems: UsageProblem[];
}

interface Header {
  format: number;
  reader: number;
  fingerprint: string;
  count: number;
  strings: string[];
  problems: UsageProblem[];
}

function file(dir: string, platform: string): string {
  return join(dir, `${platform}.records.bin`);
}

function bodySize(count: number): number {
  return count * (NUMBER_COLUMNS.length * 8 + INDEX_COLUMNS.length * 4);
}

function align(n: number): number {
  return (n + 7) & ~7;
}

/**
 * The snapshot taken for `fingerprint` with its rows' keys, so new rows can be
 * merged into it (an append-only re-scan); undefined when either is missing.
 */
export function loadSnapshotRows(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): Rows | undefined {
  const snap = loadSnapshot(dir, platform, confidence, readerVersion, fingerprint);
  if (!snap) return undefined;
  try {
    const data = JSON.parse(readFileSync(join(dir, `${platform}.keys.json`), "utf8"));
    if (data.fingerprint !== fingerprint || data.keys?.length !== snap.table.count) {
      return undefined;
    }
    return { keys: data.keys, secondary: data.secondary, table: snap.table };
  } catch {
    return undefined;
  }
}

/** Loads the snapshot when it was taken of exactly the sources `fingerprint` names. */
export function loadSnapshot(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): Snapshot | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file(dir, platform));
  } catch {
    return undefined;
  }
  if (bytes.length < 8) return undefined;
  // A fresh buffer: typed views need 8-byte alignment.
  const buf = new Uint8Array(bytes.length);
  buf.set(bytes);
  const dv = new DataView(buf.buffer);
  if (dv.getUint32(0, true) !== MAGIC) return undefined;
  const headerLength = dv.getUint32(4, true);
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(buf.subarray(8, 8 + headerLength)));
  } catch {
    return undefined;
  }
  if (
    header.format !== FORMAT || header.reader !== readerVersion ||
    header.fingerprint !== fingerprint
  ) {
    return undefined;
  }
  const count = header.count;
  let at = align(8 + headerLength);
  if (buf.length !== at + bodySize(count)) return undefined;
  const table = { platform, confidence, count, strings: header.strings } as RecordTable;
  for (const c of NUMBER_COLUMNS) {
    table[c] = new Float64Array(buf.buffer, at, count);
    at += count * 8;
  }
  for (const c of INDEX_COLUMNS) {
    table[c] = new Int32Array(buf.buffer, at, count);
    at += count * 4;
  }
  return { table, problems: header.problems };
}

/** Writes the snapshot and its rows' keys atomically; false when it could not. */
export function saveSnapshot(
  dir: string,
  readerVersion: number,
  fingerprint: string,
  snapshot: Snapshot,
  keys: Pick<Rows, "keys" | "secondary">,
): boolean {
  const keysFile = join(dir, `${snapshot.table.platform}.keys.json`);
  try {
    const body = { fingerprint, keys: keys.keys, secondary: keys.secondary };
    writeFileAtomic(keysFile, JSON.stringify(body), { mode: 0o600 });
  } catch {
    return false;
  }
  const t = snapshot.table;
  const header: Header = {
    format: FORMAT,
    reader: readerVersion,
    fingerprint,
    count: t.count,
    strings: t.strings,
    problems: snapshot.problems,
  };
  const head = new TextEncoder().encode(JSON.stringify(header));
  let at = align(8 + head.length);
  const buf = new Uint8Array(at + bodySize(t.count));
  const dv = new DataView(buf.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, head.length, true);
  buf.set(head, 8);
  for (const c of NUMBER_COLUMNS) {
    new Float64Array(buf.buffer, at, t.count).set(t[c]);
    at += t.count * 8;
  }
  for (const c of INDEX_COLUMNS) {
    new Int32Array(buf.buffer, at, t.count).set(t[c]);
    at += t.count * 4;
  }
  try {
    writeFileAtomic(file(dir, t.platform), buf, { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}
