/**
 * The default telemetry store: NDJSON event files, one per UTC day
 * (`events/YYYY-MM-DD.ndjson`), plus a derived rollup per day
 * (`rollups/YYYY-MM-DD.json`).
 *
 * Appends stay whole under many concurrent writers: each file is opened with
 * O_APPEND and written in single `write` calls of at most
 * {@link APPEND_CHUNK_BYTES} holding whole lines only (a regular file's
 * append of one write is not interleaved with another process's). A reader
 * uses only complete lines, so a write in progress is never half-read.
 *
 * Queries do not re-read unbounded files: a day's file is summed once into
 * its rollup, which remembers the byte offset it covers; a later query reads
 * only what was appended since. A `--since` bound that falls inside a day
 * reads that day's events (exact); whole days come from rollups.
 *
 * A provisional row (one with a `rowId`) is completed by a revision line
 * later in the same day's file, `{"revises": <row as written>, "row": <final
 * row>}`: readers put the final row in the provisional one's place, and a
 * rollup that already summed the provisional row takes it back out. Readers
 * that predate revisions see no row in such a line and keep the provisional
 * row, labeled as the estimate it is.
 *
 * @module
 */

import { closeSync, openSync, readdirSync, readFileSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, writeFileAtomic } from "../io/atomic_write.ts";
import { GroupAccumulator, type RowGroup } from "./groups.ts";
import {
  asRowRevision,
  asTelemetryRow,
  type RowRevision,
  type StoredRevision,
  type TelemetryRow,
} from "./rows.ts";
import { type RowFilter, rowMatches, type TelemetryStore } from "./store_types.ts";

/** The largest single append: below the smallest PIPE_BUF (4 KiB) of the systems we run on. */
export const APPEND_CHUNK_BYTES = 4096;

// 2: rollups apply revisions (a version-1 rollup may hold provisional counts).
const ROLLUP_VERSION = 2;
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.ndjson$/;

interface Rollup {
  version: number;
  bytes: number;
  groups: RowGroup[];
}

/** Opens (lazily creating) the ndjson store in `dir`. */
export function openNdjsonStore(dir: string): TelemetryStore {
  const eventsDir = join(dir, "events");
  const rollupsDir = join(dir, "rollups");
  const fds = new Map<string, number>();
  const encoder = new TextEncoder();

  function fdFor(day: string): number {
    let fd = fds.get(day);
    if (fd === undefined) {
      ensureDir(eventsDir);
      fd = openSync(join(eventsDir, `${day}.ndjson`), "a");
      fds.set(day, fd);
    }
    return fd;
  }

  /** Appends each record as a line to the file of the day of its `ts`. */
  function appendRecords(records: ReadonlyArray<{ ts: string; line: unknown }>): void {
    const byDay = new Map<string, Uint8Array[]>();
    for (const { ts, line } of records) {
      const day = ts.slice(0, 10);
      const lines = byDay.get(day) ?? [];
      lines.push(encoder.encode(JSON.stringify(line) + "\n"));
      byDay.set(day, lines);
    }
    for (const [day, lines] of byDay) {
      const fd = fdFor(day);
      for (const chunk of appendChunks(lines)) writeWhole(fd, chunk);
    }
  }

  function append(rows: readonly TelemetryRow[]): void {
    appendRecords(rows.map((row) => ({ ts: row.ts, line: row })));
  }

  function revise(revisions: readonly RowRevision[]): void {
    // In the provisional row's day file, so a reader of that day meets both.
    appendRecords(revisions.map(({ was, row }) => ({
      ts: was.ts,
      line: { revises: was, row: { ...row, rowId: was.rowId } } satisfies StoredRevision,
    })));
  }

  function days(since?: string): string[] {
    let names: string[];
    try {
      names = readdirSync(eventsDir);
    } catch {
      return [];
    }
    const sinceDay = since?.slice(0, 10);
    return names.map((n) => DAY_FILE.exec(n)?.[1]).filter((d): d is string =>
      d !== undefined && (sinceDay === undefined || d >= sinceDay)
    ).sort();
  }

  function* rows(filter?: RowFilter): Iterable<TelemetryRow> {
    for (const day of days(filter?.since)) {
      for (const row of dayRows(day)) {
        if (rowMatches(row, filter)) yield row;
      }
    }
  }

  /** A day's rows, every revision applied. */
  function dayRows(day: string): TelemetryRow[] {
    const read = readLines(join(eventsDir, `${day}.ndjson`), 0);
    // A revision whose provisional row was lost (a torn line) still counts.
    return [...read.rows, ...read.revisions.map((r) => r.row)];
  }

  function dayRollup(day: string): RowGroup[] {
    const rollupPath = join(rollupsDir, `${day}.json`);
    let rollup: Rollup = { version: ROLLUP_VERSION, bytes: 0, groups: [] };
    try {
      const saved = JSON.parse(readFileSync(rollupPath, "utf8")) as Rollup;
      if (saved.version === ROLLUP_VERSION && Array.isArray(saved.groups)) rollup = saved;
    } catch { /* none yet, or unreadable: rebuild */ }
    const read = readLines(join(eventsDir, `${day}.ndjson`), rollup.bytes);
    if (read.restart) {
      rollup = { version: ROLLUP_VERSION, bytes: 0, groups: [] };
      return dayRollupFrom(rollupPath, rollup, readLines(join(eventsDir, `${day}.ndjson`), 0));
    }
    return dayRollupFrom(rollupPath, rollup, read);
  }

  function dayRollupFrom(path: string, rollup: Rollup, read: ReadResult): RowGroup[] {
    if (read.rows.length === 0 && read.revisions.length === 0 && read.end === rollup.bytes) {
      return rollup.groups;
    }
    const acc = new GroupAccumulator();
    for (const g of rollup.groups) acc.addGroup(g);
    for (const row of read.rows) acc.addRow(row);
    // Revisions of rows this rollup summed before.
    for (const { was, row } of read.revisions) {
      acc.removeRow(was);
      acc.addRow(row);
    }
    const next: Rollup = { version: ROLLUP_VERSION, bytes: read.end, groups: acc.groups() };
    try {
      writeFileAtomic(path, JSON.stringify(next));
    } catch { /* a read-only data root: the rollup is only a cache */ }
    return next.groups;
  }

  function groups(filter?: RowFilter): RowGroup[] {
    const acc = new GroupAccumulator();
    for (const day of days(filter?.since)) {
      const wholeDay = filter?.since === undefined || filter.since <= `${day}T00:00:00.000Z`;
      if (wholeDay) {
        for (const g of dayRollup(day)) {
          if (rowMatches({ ...g, ts: g.lastTs }, { ...filter, since: undefined })) acc.addGroup(g);
        }
      } else {
        for (const row of dayRows(day)) {
          if (rowMatches(row, filter)) acc.addRow(row);
        }
      }
    }
    return acc.groups();
  }

  return {
    kind: "ndjson",
    append,
    revise,
    rows,
    groups,
    close() {
      for (const fd of fds.values()) {
        try {
          closeSync(fd);
        } catch { /* already closed */ }
      }
      fds.clear();
    },
  };
}

/**
 * Groups encoded lines into the writes of one append: whole lines only, each
 * write at most {@link APPEND_CHUNK_BYTES} bytes (UTF-8 bytes, not
 * characters) unless a single line alone is longer.
 */
export function appendChunks(lines: readonly Uint8Array[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let batch: Uint8Array[] = [];
  let size = 0;
  for (const line of lines) {
    if (size > 0 && size + line.length > APPEND_CHUNK_BYTES) {
      chunks.push(joinBytes(batch, size));
      batch = [];
      size = 0;
    }
    batch.push(line);
    size += line.length;
  }
  if (size > 0) chunks.push(joinBytes(batch, size));
  return chunks;
}

function joinBytes(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function writeWhole(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}

interface ReadResult {
  /** Rows, each provisional one replaced by its revision when that was read too. */
  rows: TelemetryRow[];
  /** Revisions of provisional rows before `from` (or lost), in order. */
  revisions: RowRevision[];
  /** Offset just past the last complete line read. */
  end: number;
  /** The file is shorter than `from`: it was replaced, read it again from 0. */
  restart: boolean;
}

/** Reads complete lines of `path` from byte `from`; a torn or foreign line is skipped. */
function readLines(path: string, from: number): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return { rows: [], revisions: [], end: from, restart: false };
  }
  const rows: TelemetryRow[] = [];
  const revisions: RowRevision[] = [];
  // A provisional row's id → its index in `rows`.
  const provisional = new Map<string, number>();
  const decoder = new TextDecoder();
  const buf = new Uint8Array(1 << 20);
  let pos = from;
  let carry: Uint8Array = new Uint8Array(0);
  let end = from;
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      pos += n;
      const bytes = carry.length === 0 ? buf.subarray(0, n) : concat(carry, buf.subarray(0, n));
      const last = bytes.lastIndexOf(0x0a);
      if (last === -1) {
        carry = bytes.slice();
        continue;
      }
      for (const line of decoder.decode(bytes.subarray(0, last)).split("\n")) {
        if (line === "") continue;
        try {
          const value = JSON.parse(line);
          const row = asTelemetryRow(value);
          if (row) {
            if (typeof value.rowId === "string") provisional.set(value.rowId, rows.length);
            rows.push(row);
            continue;
          }
          const revision = asRowRevision(value);
          if (!revision) continue;
          const at = provisional.get(revision.was.rowId!);
          const { rowId: _id, ...final } = revision.row;
          if (at === undefined) revisions.push({ was: revision.was, row: final });
          else rows[at] = final;
        } catch { /* a torn line from a crashed writer */ }
      }
      carry = bytes.slice(last + 1);
      end = pos - carry.length;
    }
    if (pos === from && from > 0) {
      // Nothing after `from`: a replaced, shorter file reads as empty there.
      const probe = readSync(fd, buf, 0, 1, from - 1);
      if (probe === 0) return { rows: [], revisions: [], end: from, restart: true };
    }
  } finally {
    closeSync(fd);
  }
  return { rows, revisions, end, restart: false };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
