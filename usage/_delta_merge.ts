/**
 * Merges a small append's rows into a platform's delta (`_delta.ts`) by the
 * same rule as a full merge (`_dedup.ts`): a key the snapshot and the delta
 * lack is appended to the delta's fresh rows (in first-appearance order), a
 * key the delta holds keeps the row {@link prefers} picks, and a key of the
 * snapshot gets an override when the new row beats the snapshot's (or the
 * override's) row.
 *
 * It also says what changed in the platform's records: the rows that now
 * count and the rows they replaced, so a kept report can be brought up to
 * date without the snapshot's rows (`_part_change.ts`).
 *
 * @module
 */

import type { Rows } from "./_rows.ts";
import { prefers } from "./_rows.ts";
import { type Delta, DeltaRows } from "./_delta.ts";
import type { DeltaBase } from "./_snapshot.ts";
import type { RecordTable } from "./table.ts";

/** What a merge changed in a platform's records. */
export interface RecordsChange {
  /** The rows that count now (new, or replacing a row in `removed`). */
  added: DeltaRows;
  /** The rows that no longer count. */
  removed: DeltaRows;
}

/**
 * Merges `parts` (ordered by source) into `base.delta`, in place. The
 * snapshot's rows are asked for (`table`) only when a new row's key is the
 * snapshot's; undefined when they were needed and could not be loaded.
 */
export function mergeIntoDelta(
  base: DeltaBase,
  table: () => RecordTable | undefined,
  parts: readonly Rows[],
): { delta: Delta; change: RecordsChange } | undefined {
  const { delta } = base;
  const { fresh, overrides, replaces } = delta;
  const platform = fresh.table.platform;
  const confidence = fresh.table.confidence;
  const removed = new DeltaRows(platform, confidence);
  const freshAt = new Map<string, number>();
  fresh.keys.forEach((k, i) => freshAt.set(k, i));
  const overrideAt = new Map<number, number>();
  replaces.forEach((row, i) => overrideAt.set(row, i));
  // Slots whose row before this merge is in `removed` (or that are new).
  const touchedFresh = new Set<number>();
  const touchedOverride = new Set<number>();
  let snapshot: { secondary: ArrayLike<number>; table: RecordTable } | undefined;
  for (const rows of parts) {
    for (let i = 0; i < rows.keys.length; i++) {
      const key = rows.keys[i];
      const f = freshAt.get(key);
      if (f !== undefined) {
        if (!prefers(rows, i, fresh, f)) continue;
        if (!touchedFresh.has(f)) {
          touchedFresh.add(f);
          removed.push(key, fresh, f);
        }
        fresh.set(f, rows, i);
        continue;
      }
      const b = base.keys.find(key);
      if (b < 0) {
        const at = fresh.push(key, rows, i);
        freshAt.set(key, at);
        touchedFresh.add(at);
        continue;
      }
      const o = overrideAt.get(b);
      if (o !== undefined) {
        if (!prefers(rows, i, overrides, o)) continue;
        if (!touchedOverride.has(o)) {
          touchedOverride.add(o);
          removed.push(key, overrides, o);
        }
        overrides.set(o, rows, i);
        continue;
      }
      if (!snapshot) {
        const t = table();
        if (!t) return undefined;
        snapshot = { secondary: base.secondary, table: t };
      }
      if (!prefers(rows, i, snapshot, b)) continue;
      const at = overrides.push(key, rows, i);
      overrideAt.set(b, at);
      replaces.push(b);
      touchedOverride.add(at);
      removed.push(key, snapshot, b);
    }
  }
  const added = new DeltaRows(platform, confidence);
  for (const f of touchedFresh) added.push(fresh.keys[f], fresh, f);
  for (const o of touchedOverride) added.push(overrides.keys[o], overrides, o);
  return { delta, change: { added, removed } };
}
