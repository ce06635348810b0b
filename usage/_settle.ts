/**
 * One platform's way through a scan: per listed source, what to read (its
 * cursor's plan, `_cursors.ts`), the decoded rows taken as they arrive (an
 * append merged into the source's kept rows), then every source's rows
 * deduplicated into the platform's table (`_merge.ts`) and the cursors
 * saved.
 *
 * @module
 */

import type { UsageProblem } from "../core/usage_types.ts";
import type { UsageReader } from "./reader.ts";
import type { DecodeJob, DecodeResult, SourceProblem } from "./_decode.ts";
import type { RecordTable } from "./table.ts";
import { type Cursor, type CursorStore, hashAt, type Plan, sourceProblems } from "./_cursors.ts";
import { encodeRows, readRows, RowsReader } from "./_codec.ts";
import { Merger, mergeRows } from "./_merge.ts";
import type { ListedSource } from "./_stat.ts";

/** A listed platform to settle. */
export interface PlatformEntry {
  /** Its reader. */
  reader: UsageReader;
  /** Its listed sources, in listing order. */
  sources: ListedSource[];
}

/** One platform's jobs, and how their results become its table. */
export interface Settling {
  /** What to decode. */
  jobs: DecodeJob[];
  /** Takes the result of `jobs[index]`. */
  take(index: number, result: DecodeResult): void;
  /** The platform's deduplicated table and its sources' problems; saves the cursors. */
  finish(): { table: RecordTable; problems: UsageProblem[] };
}

/**
 * Plans `entry`'s sources against `store` (a store of a read-only run keeps
 * nothing: every source is read whole). A source last written before
 * `since` and not kept is not read.
 */
export function settlePlatform(
  entry: PlatformEntry,
  store: CursorStore,
  since: number | undefined,
  keep = true,
): Settling {
  const { reader, sources } = entry;
  // Each source's rows go into the platform's merge as they come (numbered by
  // its place in the listing) and are dropped.
  const merger = new Merger(reader.id, reader.confidence);
  const problems: SourceProblem[][] = new Array(sources.length);
  const plans: Plan[] = [];
  const jobs: DecodeJob[] = [];
  const jobSource: number[] = [];
  const read = (bytes: Uint8Array) => readRows(bytes, reader.id, reader.confidence);
  // Encoded rows (kept, or a worker's) go into the merge as bytes, one reused view.
  const views = new RowsReader(reader.id, reader.confidence);
  sources.forEach(({ source, key, stat }, s) => {
    const plan = store.plan(key, source, stat);
    plans.push(plan);
    if (plan.read === "none") {
      merger.addView(views.read(plan.cursor.rows), s);
      problems[s] = plan.cursor.problems;
      store.put(key, plan.cursor);
      return;
    }
    if (plan.read === "all" && since !== undefined && stat.mtimeMs < since) return;
    const from = plan.read === "append" ? plan.from : 0;
    jobSource.push(s);
    jobs.push({
      readerId: reader.id,
      source,
      from,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      saved: plan.read === "append" ? plan.cursor.saved : undefined,
      head: keep,
    });
  });
  return {
    jobs,
    take(index, result) {
      const s = jobSource[index];
      const { source, key, stat } = sources[s];
      const plan = plans[s];
      let got = result.rows;
      let found = result.problems;
      if (plan.read === "append") {
        const kept = plan.cursor;
        const fresh = got instanceof Uint8Array ? read(got) : got;
        got = mergeRows(reader.id, reader.confidence, [read(kept.rows), fresh], false);
        // Problems at or after the cursor were found again.
        found = mergeProblems(kept.problems.filter((p) => p.at < plan.from), found);
      }
      if (got instanceof Uint8Array) merger.addView(views.read(got), s);
      else merger.add(got, s);
      problems[s] = found;
      if (!keep) return;
      const cursor: Cursor = {
        path: source.path,
        ...stat,
        end: result.end,
        head: result.head ?? (result.end > 0 ? hashAt(source.path, result.end) : ""),
        saved: result.saved,
        problems: found,
        rows: got instanceof Uint8Array ? got : encodeRows(got),
      };
      store.put(key, cursor);
    },
    finish() {
      const merged = merger.result(true, false);
      const all: UsageProblem[] = [];
      sources.forEach(({ source }, s) => {
        if (problems[s]) all.push(...sourceProblems(reader.id, source.path, problems[s]));
      });
      if (keep) store.save();
      return { table: merged.table, problems: all };
    },
  };
}

/** One problem entry per source: the first, counting the others. */
function mergeProblems(a: SourceProblem[], b: SourceProblem[]): SourceProblem[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [{ ...a[0], count: a[0].count + b.reduce((n, p) => n + p.count, 0) }];
}
