/**
 * One platform's scan as the settlers see it (usage/_settle.ts plans and
 * settles it, _settle_delta.ts finishes a delta), apart from both so neither
 * imports the other for it.
 *
 * @module
 */

import type { UsageReader } from "./reader.ts";
import type { Cursor } from "./cache.ts";
import type { KeptRows } from "./_rows_file.ts";
import type { DeltaBase, Snapshot } from "./_snapshot.ts";
import type { RecordsChange } from "./_delta_merge.ts";
import type { Planned } from "./_plan.ts";
import type { Merged } from "./_dedup.ts";

/** One platform's plans and how they will be settled. */
export interface PlatformScan {
  /** Its reader. */
  reader: UsageReader;
  /** Its listed sources. */
  plans: Planned[];
  /** Fingerprint of the listing. */
  fingerprint: string;
  /** The path taken. */
  speed: "snapshot" | "append" | "delta" | "full";
  /** The answer, when `speed` is `snapshot`. */
  snapshot?: Snapshot;
  /** The kept cursors. */
  cursors: Map<string, Cursor>;
  /** The snapshot's keyed rows, for `append`. */
  base?: Merged;
  /** Each source's kept rows, for `full`. */
  kept?: Map<string, KeptRows>;
  /** The snapshot's keys and delta, for `delta`. */
  deltaBase?: DeltaBase;
  /**
   * The listing fingerprint (`UsageListing.platforms`) the caller holds
   * results for: a `delta` settle from exactly that state returns only the
   * change.
   */
  changeFrom?: string;
}

/**
 * A platform's settled records, or, when the caller holds its results as of
 * the kept state ({@link PlatformScan.changeFrom}), only what changed (then
 * `table` is empty); `retry` when the kept state proved damaged and the
 * platform must be scanned again.
 */
export type Settled = Snapshot & { change?: RecordsChange; retry?: boolean };
