/**
 * Merges a small append's rows into a platform's delta (`_delta.ts`) by the
 * same rule as a full merge (`_dedup.ts`): a key the snapshot and the delta
 * lack is appended to the delta's fresh rows (in first-appearance order), a
 * key the delta holds keeps the row {@link prefers} picks, and a key of the
 * snapshot gets an override when the new row beats the snapshot's (or the
 * override's) row.
 *
 * @module
 */

import type { Rows } from "./_rows.ts";
import { prefers } from "./_rows.ts";
import type { Delta } from "./_delta.ts";
import type { DeltaBase } from "./_snapshot.ts";
import type { RecordTable } from "./table.ts";

/**
 * Merges `parts` (ordered by source) into `base.delta`, in place, against
 * the snapshot `table` of `base`.
 */
export function mergeIntoDelta(base: DeltaBase, table: RecordTable, parts: readonly Rows[]): Delta {
  const { delta } = base;
  const { fresh, overrides, replaces } = delta;
  const freshAt = new Map<string, number>();
  fresh.keys.forEach((k, i) => freshAt.set(k, i));
  const overrideAt = new Map<number, number>();
  replaces.forEach((row, i) => overrideAt.set(row, i));
  const snapshot = { secondary: base.secondary, table };
  for (const rows of parts) {
    for (let i = 0; i < rows.keys.length; i++) {
      const key = rows.keys[i];
      const f = freshAt.get(key);
      if (f !== undefined) {
        if (prefers(rows, i, fresh, f)) fresh.set(f, rows, i);
        continue;
      }
      const b = base.keys.find(key);
      if (b < 0) {
        freshAt.set(key, fresh.push(key, rows, i));
        continue;
      }
      const o = overrideAt.get(b);
      if (o !== undefined) {
        if (prefers(rows, i, overrides, o)) overrides.set(o, rows, i);
      } else if (prefers(rows, i, snapshot, b)) {
        overrideAt.set(b, overrides.push(key, rows, i));
        replaces.push(b);
      }
    }
  }
  return delta;
}
