/**
 * The end of a `delta` settle (`_settle.ts`): merges a small append's rows
 * into the platform's delta (`_delta_merge.ts`) and writes it, or past the
 * fold limits a new snapshot, then the cursors. When the caller holds the
 * platform's results as of the kept state, only the change is returned; when
 * the snapshot's rows prove damaged, it is dropped and a retry asked for.
 *
 * @module
 */

import type { UsageProblem } from "../core/usage_types.ts";
import type { Cursor } from "./cache.ts";
import { saveCursors } from "./_cache_write.ts";
import {
  type DeltaBase,
  newSnapshotId,
  removeSnapshot,
  saveSnapshotKeys,
  saveSnapshotTable,
  type Snapshot,
} from "./_snapshot.ts";
import {
  applyDelta,
  encodeDelta,
  FOLD_BYTES,
  FOLD_FRACTION,
  removeDelta,
  saveDelta,
} from "./_delta.ts";
import { mergeIntoDelta } from "./_delta_merge.ts";
import { emptyTable } from "./table.ts";
import type { Rows } from "./_rows.ts";
import type { PlatformScan, Settled } from "./_platform_scan.ts";

/**
 * Merges `parts` (in source order) into `base`'s delta and saves the state
 * of `fingerprint` ("" when not every source was read: no delta is saved).
 */
export function finishDelta(
  scan: PlatformScan,
  dir: string,
  base: DeltaBase,
  parts: readonly Rows[],
  fingerprint: string,
  problems: UsageProblem[],
  cursors: Map<string, Cursor>,
): Settled {
  const { reader } = scan;
  const empty = emptyTable(reader.id, reader.confidence, 0);
  const merged = mergeIntoDelta(base, base.table, parts);
  if (!merged) return abandon(scan, dir, problems);
  const { delta, change } = merged;
  delta.fingerprint = fingerprint;
  delta.problems = problems;
  const bytes = encodeDelta(reader.version, delta);
  const fold = delta.fresh.count + delta.replaces.length > base.count * FOLD_FRACTION ||
    bytes.length > FOLD_BYTES;
  if (!fold && scan.changeFrom !== undefined) {
    // The caller holds this platform's results as of the kept state: the change is enough.
    if (fingerprint !== "") saveDelta(dir, reader.id, bytes);
    saveCursors(dir, reader.id, reader.version, fingerprint, cursors);
    return { table: empty, problems, change };
  }
  const table = base.table();
  if (!table) return abandon(scan, dir, problems);
  const applied = applyDelta(table, delta, fold ? base.secondary : undefined);
  const snapshot: Snapshot = { table: applied.table, problems };
  if (fingerprint === "") {
    // Not every source was read (--since): nothing describes them all.
  } else if (!fold) saveDelta(dir, reader.id, bytes);
  else {
    const keys = base.keySet();
    for (const key of delta.fresh.keys) keys?.add(key);
    const id = newSnapshotId();
    const order = Uint32Array.from({ length: applied.table.count }, (_, i) => i);
    if (
      keys && keys.size === applied.table.count &&
      saveSnapshotKeys(dir, reader.id, id, fingerprint, {
        keys,
        order,
        secondary: applied.secondary!,
      }) &&
      saveSnapshotTable(dir, reader.version, id, fingerprint, snapshot)
    ) {
      removeDelta(dir, reader.id);
    }
  }
  saveCursors(dir, reader.id, reader.version, fingerprint, cursors);
  return snapshot;
}

/**
 * The snapshot's rows were needed and are damaged: drops it (its cursors
 * stay, so the rows file decides what is read again) and asks for a scan.
 */
function abandon(scan: PlatformScan, dir: string, problems: UsageProblem[]): Settled {
  const { reader } = scan;
  removeSnapshot(dir, reader.id);
  return { table: emptyTable(reader.id, reader.confidence, 0), problems, retry: true };
}
