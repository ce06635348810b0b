/**
 * One platform's way through the kept state (see `cache.ts`), in three
 * speeds:
 *
 * - `snapshot`: the listing is unchanged; the snapshot is the answer.
 * - `append`: sources only grew or were added; their new parts are decoded
 *   and merged into the snapshot's keyed rows. The large per-source rows file
 *   is neither read nor written (its rows now lag their cursors).
 * - `delta`: the same, when little was appended: the new rows are merged
 *   into the platform's delta (`_delta.ts`) against the snapshot's keys,
 *   searched in place, and only the delta is written (folded into a new
 *   snapshot past 5 % of its rows or 4 MB: `_delta.ts`).
 * - `full`: a source was rewritten, truncated or removed (or there is no
 *   usable snapshot); every source's rows are rebuilt from the rows file, and
 *   a source whose rows lag its cursor is read again from the start.
 *
 * A {@link Settler} takes each source's decoded rows as they arrive and merges
 * them at once (`_dedup.ts`), so a scan never holds every source's records.
 *
 * @module
 */

import type { UsageProblem } from "../core/usage_types.ts";
import type { DecodeResult, SourceProblem } from "./_decode.ts";
import { type Cursor, loadCursors } from "./cache.ts";
import { saveCursors } from "./_cache_write.ts";
import { loadRows, RowsFileWriter } from "./_rows_file.ts";
import {
  loadDeltaBase,
  loadSnapshot,
  loadSnapshotRows,
  newSnapshotId,
  saveSnapshotKeys,
  saveSnapshotTable,
  type Snapshot,
} from "./_snapshot.ts";
import { removeDelta } from "./_delta.ts";
import { finishDelta } from "./_settle_delta.ts";
import type { Rows } from "./_rows.ts";
import { decideMode, hashAt, type Planned, skippedBySince } from "./_plan.ts";
import { Dedup, mergeRows } from "./_dedup.ts";
import { encodeRows, readRows, RowsReader } from "./_codec.ts";
import { release } from "./_release.ts";
import type { PlatformScan, Settled } from "./_platform_scan.ts";

export type { PlatformScan, Settled } from "./_platform_scan.ts";

/** Appended log bytes past which an append is merged into the whole snapshot, not a delta. */
const DELTA_READ_BYTES = 16 << 20;

/** Decides per source what to read, from the kept state in `dir` (or none). */
export function planPlatform(
  scan: PlatformScan,
  dir: string | undefined,
  since: number | undefined,
): void {
  const { reader, plans } = scan;
  if (!dir) return; // no cache: every source is read whole
  scan.snapshot = loadSnapshot(dir, reader.id, reader.confidence, reader.version, scan.fingerprint);
  if (scan.snapshot) {
    scan.speed = "snapshot";
    return;
  }
  const kept = loadCursors(dir, reader.id, reader.version);
  scan.cursors = kept?.cursors ?? new Map();
  for (const plan of plans) {
    plan.cached = scan.cursors.get(plan.key);
    decideMode(plan, since);
  }
  const listed = new Set(plans.map((p) => p.key));
  const growOnly = kept !== undefined &&
    plans.every((p) => p.mode !== 2 || !p.cached) &&
    [...scan.cursors.keys()].every((k) => listed.has(k)) &&
    !plans.some((p) => skippedBySince(p, since));
  const appended = plans.reduce((n, p) => n + (p.mode === 0 ? 0 : p.size - p.from), 0);
  if (growOnly && appended <= DELTA_READ_BYTES) {
    const base = loadDeltaBase(dir, reader.id, reader.confidence, reader.version, kept.fingerprint);
    const changeOnly = scan.changeFrom === `${reader.version}:${kept.fingerprint}`;
    if (!changeOnly) scan.changeFrom = undefined;
    if (base && (changeOnly || base.table())) {
      scan.deltaBase = base;
      scan.speed = "delta";
      return;
    }
  }
  if (growOnly) {
    scan.base = loadSnapshotRows(
      dir,
      reader.id,
      reader.confidence,
      reader.version,
      kept.fingerprint,
    );
    if (scan.base) {
      scan.speed = "append";
      return;
    }
  }
  scan.kept = loadRows(dir, reader.id, reader.version) ?? new Map();
  for (const plan of plans) {
    if (plan.mode === 2 || !plan.cached) continue;
    if (scan.kept.get(plan.key)?.end !== plan.cached.end) {
      plan.mode = 2; // its rows lag its cursor (appended during an append-only scan)
      plan.from = 0;
    }
  }
}

/** Folds one platform's decode results into its records as they arrive, then saves. */
export class Settler {
  private readonly merged: Dedup;
  private readonly cursors = new Map<string, Cursor>();
  /** The rows file being written (a full settle with the cache only). */
  private readonly rowsOut?: RowsFileWriter;
  private readonly index = new Map<Planned, number>();
  private readonly taken = new Set<Planned>();
  private readonly reader: RowsReader;
  /** A `delta` settle's new rows, by source number. */
  private readonly parts: { origin: number; rows: Rows }[] = [];

  /** Starts settling `scan`; `dir` is the cache folder (none: nothing is kept). */
  constructor(
    private readonly scan: PlatformScan,
    private readonly dir: string | undefined,
    private readonly since: number | undefined,
  ) {
    const { reader } = scan;
    this.merged = new Dedup(reader.id, reader.confidence, scan.base);
    this.reader = new RowsReader(reader.id, reader.confidence);
    if (dir && scan.speed === "full") {
      this.rowsOut = new RowsFileWriter(dir, reader.id, reader.version);
    }
    scan.base = undefined;
    scan.plans.forEach((plan, i) => this.index.set(plan, i));
  }

  /** The plan's number in the output order: the snapshot's rows (0) first, then listing order. */
  private origin(plan: Planned): number {
    return this.index.get(plan)! + 1;
  }

  /**
   * Takes the decoded rows of `plan` (once per plan). Encoded rows (a
   * worker's) are merged, copied to the rows file and freed.
   */
  take(plan: Planned, result: DecodeResult): void {
    this.settle(plan, result);
    if (result.rows instanceof Uint8Array) release(result.rows);
  }

  private settle(plan: Planned, result: DecodeResult): void {
    const { reader } = this.scan;
    this.taken.add(plan);
    const appended = plan.mode === 1 ? plan.cached : undefined;
    this.cursors.set(plan.key, {
      path: plan.source.path,
      size: plan.size,
      mtimeMs: plan.mtimeMs,
      ino: plan.ino,
      end: result.end,
      head: this.dir && plan.source.format === "jsonl" ? hashAt(plan.source.path, result.end) : "",
      saved: this.dir ? result.saved : null, // kept only for the next scan
      problems: mergeProblems(
        appended ? appended.problems.filter((p) => p.at < plan.from) : [],
        result.problems,
      ),
    });
    if (this.scan.speed === "delta") {
      const rows = result.rows instanceof Uint8Array
        ? readRows(result.rows, reader.id, reader.confidence)
        : result.rows;
      this.parts.push({ origin: this.origin(plan), rows });
      return;
    }
    const fresh = result.rows instanceof Uint8Array ? this.reader.read(result.rows) : result.rows;
    if (this.scan.speed === "append") {
      this.merged.add(fresh, this.origin(plan));
      return;
    }
    const before = appended && this.scan.kept?.get(plan.key);
    if (before) {
      // Appended to, in a full settle: the source's kept rows and its new ones, as one.
      const rows = mergeRows(reader.id, reader.confidence, [
        readRows(before.bytes, reader.id, reader.confidence),
        result.rows instanceof Uint8Array
          ? readRows(result.rows, reader.id, reader.confidence)
          : result.rows,
      ]);
      this.merged.add(rows, this.origin(plan));
      this.rowsOut?.add(plan.key, { end: result.end, bytes: encodeRows(rows) });
      return;
    }
    this.merged.add(fresh, this.origin(plan));
    if (this.rowsOut) {
      const bytes = result.rows instanceof Uint8Array ? result.rows : encodeRows(result.rows);
      this.rowsOut.add(plan.key, { end: result.end, bytes });
    }
  }

  /** Adds what was not read (kept rows), saves the state and returns the platform's records. */
  finish(): Settled {
    const { reader, plans } = this.scan;
    const { dir, since } = this;
    let complete = true;
    let keptFile: Uint8Array | undefined; // every source's kept rows are views into it
    for (const plan of plans) {
      if (this.taken.has(plan)) continue;
      const cached = plan.cached;
      if (cached) {
        this.cursors.set(plan.key, cached);
        const kept = this.scan.kept?.get(plan.key);
        if (kept) {
          keptFile = kept.bytes;
          this.merged.add(this.reader.read(kept.bytes), this.origin(plan));
          this.rowsOut?.add(plan.key, kept);
        }
      } else if (skippedBySince(plan, since)) complete = false;
    }
    this.scan.kept = undefined;
    release(keptFile);
    this.rowsOut?.commit();
    const fingerprint = complete ? this.scan.fingerprint : "";
    if (this.scan.deltaBase) {
      const base = this.scan.deltaBase;
      this.scan.deltaBase = undefined;
      const parts = this.parts.sort((a, b) => a.origin - b.origin).map((p) => p.rows);
      return finishDelta(this.scan, dir!, base, parts, fingerprint, this.problems(), this.cursors);
    }
    // The keys are saved, then let go, before the table is built.
    let keysSaved = false;
    const id = newSnapshotId();
    const merged = this.merged.result(
      dir !== undefined && complete
        ? (kept) => keysSaved = saveSnapshotKeys(dir, reader.id, id, fingerprint, kept)
        : false,
    );
    const snapshot: Snapshot = { table: merged.table, problems: this.problems() };
    if (dir) {
      if (keysSaved && saveSnapshotTable(dir, reader.version, id, fingerprint, snapshot)) {
        removeDelta(dir, reader.id); // stale: it names the replaced snapshot's id
      }
      saveCursors(dir, reader.id, reader.version, fingerprint, this.cursors);
    }
    return snapshot;
  }

  /** Every listed source's problems, from the cursors. */
  private problems(): UsageProblem[] {
    const { reader, plans } = this.scan;
    const problems: UsageProblem[] = [];
    for (const plan of plans) {
      const c = this.cursors.get(plan.key);
      for (const p of c?.problems ?? []) {
        problems.push({
          platform: reader.id,
          path: c!.path,
          line: p.line,
          message: p.message,
          count: p.count,
        });
      }
    }
    return problems;
  }
}

function mergeProblems(a: SourceProblem[], b: SourceProblem[]): SourceProblem[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [{ ...a[0], count: a[0].count + b.reduce((n, p) => n + p.count, 0) }];
}
