/**
 * One platform's way through the kept state (see `cache.ts`), in three
 * speeds:
 *
 * - `snapshot`: the listing is unchanged; the snapshot is the answer.
 * - `append`: sources only grew or were added; their new parts are decoded
 *   and merged into the snapshot's keyed rows. The large per-source rows file
 *   is neither read nor written (its rows now lag their cursors).
 * - `full`: a source was rewritten, truncated or removed (or there is no
 *   usable snapshot); every source's rows are rebuilt from the rows file, and
 *   a source whose rows lag its cursor is read again from the start.
 *
 * @module
 */

import type { UsageProblem } from "../core/usage_types.ts";
import type { UsageReader } from "./reader.ts";
import type { DecodeResult, SourceProblem } from "./_decode.ts";
import {
  type Cursor,
  type KeptRows,
  loadCursors,
  loadRows,
  saveCursors,
  saveRows,
} from "./cache.ts";
import { loadSnapshot, loadSnapshotRows, saveSnapshot, type Snapshot } from "./_snapshot.ts";
import { decideMode, hashAt, type Planned, skippedBySince } from "./_plan.ts";
import { mergeRows, type Rows } from "./_rows.ts";

/** One platform's plans and how they will be settled. */
export interface PlatformScan {
  /** Its reader. */
  reader: UsageReader;
  /** Its listed sources. */
  plans: Planned[];
  /** Fingerprint of the listing. */
  fingerprint: string;
  /** The path taken. */
  speed: "snapshot" | "append" | "full";
  /** The answer, when `speed` is `snapshot`. */
  snapshot?: Snapshot;
  /** The kept cursors. */
  cursors: Map<string, Cursor>;
  /** The snapshot's keyed rows, for `append`. */
  base?: Rows;
  /** Each source's kept rows, for `full`. */
  kept?: Map<string, KeptRows>;
}

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
  scan.kept = loadRows(dir, reader.id, reader.confidence, reader.version) ?? new Map();
  for (const plan of plans) {
    if (plan.mode === 2 || !plan.cached) continue;
    if (scan.kept.get(plan.key)?.end !== plan.cached.end) {
      plan.mode = 2; // its rows lag its cursor (appended during an append-only scan)
      plan.from = 0;
    }
  }
}

/** Folds fresh results into the kept state, saves it, and returns the platform's records. */
export function settle(
  scan: PlatformScan,
  fresh: Map<Planned, DecodeResult>,
  dir: string | undefined,
  since: number | undefined,
): Snapshot {
  const { reader } = scan;
  const cursors = new Map<string, Cursor>();
  const parts: Rows[] = scan.base ? [scan.base] : [];
  const rowsOut = new Map<string, KeptRows>();
  let complete = true;
  for (const plan of scan.plans) {
    const result = fresh.get(plan);
    fresh.delete(plan);
    const cached = plan.cached;
    if (!result) {
      if (cached) {
        cursors.set(plan.key, cached);
        const rows = scan.kept?.get(plan.key);
        if (rows) {
          parts.push(rows.rows);
          rowsOut.set(plan.key, rows);
        }
      } else if (skippedBySince(plan, since)) complete = false;
      continue;
    }
    const appended = plan.mode === 1 ? cached : undefined;
    cursors.set(plan.key, {
      path: plan.source.path,
      size: plan.size,
      mtimeMs: plan.mtimeMs,
      ino: plan.ino,
      end: result.end,
      head: dir && plan.source.format === "jsonl" ? hashAt(plan.source.path, result.end) : "",
      saved: result.saved,
      problems: mergeProblems(
        appended ? appended.problems.filter((p) => p.at < plan.from) : [],
        result.problems,
      ),
    });
    if (scan.speed === "append") {
      parts.push(result.rows);
      continue;
    }
    const before = appended ? scan.kept?.get(plan.key)?.rows : undefined;
    const rows = before
      ? mergeRows(reader.id, reader.confidence, [before, result.rows])
      : result.rows;
    parts.push(rows);
    rowsOut.set(plan.key, { end: result.end, rows });
  }
  const merged = mergeRows(reader.id, reader.confidence, parts);
  parts.length = 0;
  const problems: UsageProblem[] = [];
  for (const c of cursors.values()) {
    for (const p of c.problems) {
      problems.push({
        platform: reader.id,
        path: c.path,
        line: p.line,
        message: p.message,
        count: p.count,
      });
    }
  }
  const snapshot: Snapshot = { table: merged.table, problems };
  if (dir) {
    if (scan.speed === "full") saveRows(dir, reader.id, reader.version, rowsOut);
    if (complete) saveSnapshot(dir, reader.version, scan.fingerprint, snapshot, merged);
    saveCursors(dir, reader.id, reader.version, complete ? scan.fingerprint : "", cursors);
  }
  return snapshot;
}

function mergeProblems(a: SourceProblem[], b: SourceProblem[]): SourceProblem[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [{ ...a[0], count: a[0].count + b.reduce((n, p) => n + p.count, 0) }];
}
