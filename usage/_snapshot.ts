/**
 * The deduplicated records of one platform as of its last scan, with the
 * fingerprint of the sources they came from. A re-scan that finds every
 * source unchanged loads this and nothing else: no per-source state, no
 * deduplication. Counts and ids only.
 *
 * - `<platform>.records.bin`: a header (format, reader version, fingerprint,
 *   problems) and the table in the compact form of `_codec.ts`.
 * - `<platform>.keys.bin`: the same fingerprint and each row's request key
 *   and secondary flag, read only to merge an append into the records.
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence, UsageProblem } from "../core/usage_types.ts";
import type { RecordTable } from "./table.ts";
import type { KeptKeys, Merged } from "./_dedup.ts";
import { KeySet } from "./_keys.ts";
import { ByteReader, ByteWriter, readTable, writeTable } from "./_codec.ts";
import { readCacheFile, readCacheHead, writeCacheFile } from "./cache.ts";

const FORMAT = 4;
const RECORDS = 0x32555341; // "ASU2" as a little-endian uint32
const KEYS = 0x324b5341; // "ASK2"

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
  problems: UsageProblem[];
}

function file(dir: string, platform: string, kind: "records" | "keys"): string {
  return join(dir, `${platform}.${kind}.bin`);
}

/** The file's bytes behind `magic`, or undefined when absent or of another kind. */
function open(path: string, magic: number): ByteReader | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readCacheFile(path);
  } catch {
    return undefined;
  }
  const r = new ByteReader(bytes);
  try {
    return r.u32() === magic ? r : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes read first: the magic, the header's length and a typical header. */
const HEAD = 4096;

/**
 * The header of `path` when it is a records file of `readerVersion` taken for
 * `fingerprint`, read without the table behind it: a re-scan after an append
 * finds the snapshot stale from its first bytes (reading the whole file to
 * learn that cost ~20 ms a platform on the generated 1 GB tree).
 */
function header(path: string, readerVersion: number, fingerprint: string): Header | undefined {
  try {
    let bytes = readCacheHead(path, HEAD);
    let r = new ByteReader(bytes);
    if (r.u32() !== RECORDS) return undefined;
    const length = r.u32();
    if (8 + length > bytes.length) {
      bytes = readCacheHead(path, 8 + length);
      r = new ByteReader(bytes, 4);
    } else r.at = 4;
    const h = r.json<Header>();
    return h.format === FORMAT && h.reader === readerVersion && h.fingerprint === fingerprint
      ? h
      : undefined;
  } catch {
    return undefined; // absent or damaged
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
  const path = file(dir, platform, "records");
  if (!header(path, readerVersion, fingerprint)) return undefined;
  const r = open(path, RECORDS);
  if (!r) return undefined;
  try {
    const header = r.json<Header>();
    if (
      header.format !== FORMAT || header.reader !== readerVersion ||
      header.fingerprint !== fingerprint
    ) {
      return undefined; // replaced since its header was read
    }
    const table = readTable(r, platform, confidence);
    return r.at === r.data.length ? { table, problems: header.problems } : undefined;
  } catch {
    return undefined; // damaged: the scan reads the sources instead
  }
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
): Merged | undefined {
  const snap = loadSnapshot(dir, platform, confidence, readerVersion, fingerprint);
  const r = snap && open(file(dir, platform, "keys"), KEYS);
  if (!snap || !r) return undefined;
  try {
    if (r.json<string>() !== fingerprint) return undefined;
    const keys = KeySet.read(r);
    const count = snap.table.count;
    if (keys.size !== count) return undefined;
    const secondary = Uint8Array.from(r.typed(1, count));
    return { keys, secondary, table: snap.table };
  } catch {
    return undefined;
  }
}

/**
 * Writes a snapshot's keys atomically (before its table: {@link saveSnapshotTable});
 * false when it could not.
 */
export function saveSnapshotKeys(
  dir: string,
  platform: HostId,
  fingerprint: string,
  merged: KeptKeys,
): boolean {
  const k = new ByteWriter(fingerprint.length * 3 + 128 + merged.keys.size * 9 + merged.keys.bytes);
  k.u32(KEYS);
  k.json(fingerprint);
  merged.keys.write(k, merged.order);
  k.typed(merged.secondary);
  return writeCacheFile(file(dir, platform, "keys"), k.result());
}

/** Writes the snapshot's table atomically, after its keys; false when it could not. */
export function saveSnapshotTable(
  dir: string,
  readerVersion: number,
  fingerprint: string,
  snapshot: Snapshot,
): boolean {
  const t = snapshot.table;
  const w = new ByteWriter();
  w.u32(RECORDS);
  const header: Header = {
    format: FORMAT,
    reader: readerVersion,
    fingerprint,
    problems: snapshot.problems,
  };
  w.json(header);
  writeTable(w, t);
  return writeCacheFile(file(dir, t.platform, "records"), w.result());
}
