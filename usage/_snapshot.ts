/**
 * The deduplicated records of one platform as of its last scan, with the
 * fingerprint of the sources they came from. A re-scan that finds every
 * source unchanged loads this and nothing else: no per-source state, no
 * deduplication. Counts and ids only.
 *
 * - `<platform>.records.bin`: a header (format, reader version, fingerprint,
 *   problems) and the table in the compact form of `_codec.ts`.
 * - `<platform>.keys.bin`: the same fingerprint and id and each row's
 *   request key, as a 128-bit digest (`_digests.ts`: 16 bytes a row, the
 *   collision odds), and secondary flag, read only to merge an append into
 *   the records.
 * - `<platform>.delta.bin` (`_delta.ts`): what changed since, for the
 *   snapshot of that id; loading the snapshot for the delta's fingerprint
 *   applies it.
 *
 * @module
 */

import { unlinkSync } from "node:fs";
import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence, UsageProblem } from "../core/usage_types.ts";
import type { RecordTable } from "./table.ts";
import type { KeptKeys, Merged } from "./_dedup.ts";
import { DigestIndex, DigestSet } from "./_digests.ts";
import { applyDelta, type Delta, deltaFile, DeltaRows, loadDelta } from "./_delta.ts";
import { ByteReader, ByteWriter, readTable, writeTable } from "./_codec.ts";
import { readCacheFile, readCacheHead } from "./cache.ts";
import { writeCacheFile } from "./_cache_write.ts";

const FORMAT = 5;
const RECORDS = 0x33555341; // "ASU3" as a little-endian uint32
const KEYS = 0x344b5341; // "ASK4": 128-bit digests (`_digests.ts`); "ASK3" held whole keys

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
  /** Random, new for every snapshot written: what a delta names. */
  id: string;
  problems: UsageProblem[];
}

/** A new snapshot id. */
export function newSnapshotId(): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
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
 * The header of `path` when it is a records file of `readerVersion`, read
 * without the table behind it: a re-scan after an append finds the snapshot
 * stale from its first bytes, without reading the whole file to learn that.
 */
function header(path: string, readerVersion: number): Header | undefined {
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
    return h.format === FORMAT && h.reader === readerVersion ? h : undefined;
  } catch {
    return undefined; // absent or damaged
  }
}

/** The snapshot's table when its header is still `expected`; undefined when not or damaged. */
function readBody(
  path: string,
  platform: HostId,
  confidence: UsageConfidence,
  expected: Header,
): RecordTable | undefined {
  const r = open(path, RECORDS);
  if (!r) return undefined;
  try {
    const h = r.json<Header>();
    if (h.id !== expected.id || h.fingerprint !== expected.fingerprint) return undefined;
    const table = readTable(r, platform, confidence);
    return r.at === r.data.length ? table : undefined;
  } catch {
    return undefined; // damaged: the scan reads the sources instead
  }
}

/**
 * The kept snapshot's records path and header when it, or it with its delta
 * (also returned), was taken of exactly the sources `fingerprint` names.
 */
function keptState(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): { path: string; h: Header; delta?: Delta } | undefined {
  const path = file(dir, platform, "records");
  const h = header(path, readerVersion);
  if (!h) return undefined;
  if (h.fingerprint === fingerprint) return { path, h };
  const d = loadDelta(dir, platform, confidence, readerVersion);
  return d && d.base === h.id && d.fingerprint === fingerprint ? { path, h, delta: d } : undefined;
}

/**
 * Loads the snapshot when it (with its delta, if any) was taken of exactly
 * the sources `fingerprint` names.
 */
export function loadSnapshot(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): Snapshot | undefined {
  const kept = keptState(dir, platform, confidence, readerVersion, fingerprint);
  if (!kept) return undefined;
  const { path, h, delta } = kept;
  const table = readBody(path, platform, confidence, h);
  if (!table) return undefined;
  if (!delta) return { table, problems: h.problems };
  try {
    return { table: applyDelta(table, delta).table, problems: delta.problems };
  } catch {
    return undefined;
  }
}

/** The snapshot's keys file, checked against its header. */
function openKeys(dir: string, platform: HostId, h: Header): ByteReader | undefined {
  const r = open(file(dir, platform, "keys"), KEYS);
  if (!r) return undefined;
  try {
    const k = r.json<{ fingerprint: string; id: string }>();
    return k.fingerprint === h.fingerprint && k.id === h.id ? r : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The snapshot (with its delta) taken for `fingerprint` with its rows' keys,
 * so new rows can be merged into it (an append-only re-scan); undefined when
 * any part is missing.
 */
export function loadSnapshotRows(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): Merged | undefined {
  const kept = keptState(dir, platform, confidence, readerVersion, fingerprint);
  if (!kept) return undefined;
  const { path, h, delta } = kept;
  const table = readBody(path, platform, confidence, h);
  const r = table && openKeys(dir, platform, h);
  if (!table || !r) return undefined;
  try {
    const keys = DigestSet.read(r);
    const count = table.count;
    if (keys.size !== count) return undefined;
    const secondary = Uint8Array.from(r.typed(1, count));
    if (!delta) return { keys, secondary, table };
    const applied = applyDelta(table, delta, secondary);
    for (const key of delta.fresh.keys) {
      if (keys.add(key) >= 0) throw new RangeError("a fresh key is in the snapshot");
    }
    return { keys, secondary: applied.secondary!, table: applied.table };
  } catch {
    return undefined;
  }
}

/**
 * What a small append merges against without loading the snapshot's rows:
 * its keys searched in place, its secondary flags, and the delta so far
 * (empty when the snapshot itself is current). The rows are loaded only
 * when a new row's key is the snapshot's, or to return the records.
 */
export interface DeltaBase {
  /** The snapshot's id. */
  id: string;
  /** Its rows. */
  count: number;
  /** Its keys. */
  keys: DigestIndex;
  /** Its secondary flags. */
  secondary: ArrayLike<number>;
  /** The changes since it (a copy to extend). */
  delta: Delta;
  /** Loads its table (once). */
  table(): RecordTable | undefined;
  /** Its keys as a {@link DigestSet} (read again), to fold the delta into a new snapshot. */
  keySet(): DigestSet | undefined;
}

/** The {@link DeltaBase} for the kept state of `fingerprint`, or undefined. */
export function loadDeltaBase(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
  fingerprint: string,
): DeltaBase | undefined {
  const kept = keptState(dir, platform, confidence, readerVersion, fingerprint);
  if (!kept) return undefined;
  const { path, h, delta: found } = kept;
  const r = openKeys(dir, platform, h);
  if (!r) return undefined;
  try {
    const keys = new DigestIndex(r);
    const secondary = r.typed(1, keys.size);
    const delta: Delta = found ?? {
      base: h.id,
      fingerprint,
      problems: h.problems,
      fresh: new DeltaRows(platform, confidence),
      overrides: new DeltaRows(platform, confidence),
      replaces: [],
    };
    let table: RecordTable | undefined | null = null;
    return {
      id: h.id,
      count: keys.size,
      keys,
      secondary,
      delta,
      table: () => {
        if (table === null) {
          table = readBody(path, platform, confidence, h);
          if (table && table.count !== keys.size) table = undefined;
        }
        return table;
      },
      keySet: () => {
        const again = openKeys(dir, platform, h);
        try {
          return again && DigestSet.read(again);
        } catch {
          return undefined;
        }
      },
    };
  } catch {
    return undefined;
  }
}

/** Removes `platform`'s snapshot and delta (found damaged); the cursors and rows stay. */
export function removeSnapshot(dir: string, platform: HostId): void {
  for (const path of [file(dir, platform, "records"), deltaFile(dir, platform)]) {
    try {
      unlinkSync(path);
    } catch { /* absent */ }
  }
}

/**
 * Writes a snapshot's keys atomically (before its table: {@link saveSnapshotTable});
 * false when it could not.
 */
export function saveSnapshotKeys(
  dir: string,
  platform: HostId,
  id: string,
  fingerprint: string,
  merged: KeptKeys,
): boolean {
  const k = new ByteWriter(fingerprint.length * 3 + 128 + merged.keys.size + merged.keys.bytes);
  k.u32(KEYS);
  k.json({ fingerprint, id });
  merged.keys.write(k, merged.order);
  k.typed(merged.secondary);
  const ok = writeCacheFile(file(dir, platform, "keys"), k.result());
  k.release();
  return ok;
}

/** Writes the snapshot's table atomically, after its keys; false when it could not. */
export function saveSnapshotTable(
  dir: string,
  readerVersion: number,
  id: string,
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
    id,
    problems: snapshot.problems,
  };
  w.json(header);
  writeTable(w, t);
  const ok = writeCacheFile(file(dir, t.platform, "records"), w.result());
  w.release();
  return ok;
}
