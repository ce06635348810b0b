/**
 * Rows waiting to be written: appended in batches (every {@link FLUSH_ROWS}
 * rows, or {@link FLUSH_MS} after the first waiting one), so a busy session
 * makes few writes, and a row is on disk within milliseconds of being
 * measured: hosts kill their servers that soon after a turn ends.
 * Revisions of provisional rows go in the same batches, after the rows.
 *
 * @module
 */

import type { RowRevision, TelemetryRow } from "./rows.ts";
import type { TelemetryStore } from "./store.ts";

/** Rows buffered before a write. */
export const FLUSH_ROWS = 32;
/** Milliseconds a row waits at most before it is written. */
export const FLUSH_MS = 5;

/** A batch of rows on its way to a store. */
export class RowBatch {
  readonly #store: TelemetryStore;
  readonly #onError?: (message: string) => void;
  #rows: TelemetryRow[] = [];
  #revisions: RowRevision[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Writes to `store`; a failed write is reported through `onError`. */
  constructor(store: TelemetryStore, onError?: (message: string) => void) {
    this.#store = store;
    this.#onError = onError;
  }

  /** Adds a row; writes the batch when it is full. */
  add(row: TelemetryRow): void {
    this.#rows.push(row);
    this.#schedule();
  }

  /** Adds the completion of a provisional row written before (or in this batch). */
  revise(revision: RowRevision): void {
    this.#revisions.push(revision);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#rows.length + this.#revisions.length >= FLUSH_ROWS) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes every waiting row and revision now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const rows = this.#rows;
    const revisions = this.#revisions;
    this.#rows = [];
    this.#revisions = [];
    this.#write(rows.length, () => rows.length && this.#store.append(rows));
    this.#write(revisions.length, () => revisions.length && this.#store.revise(revisions));
  }

  #write(count: number, write: () => unknown): void {
    try {
      write();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.#onError?.(`telemetry: ${count} row(s) not written: ${why}`);
    }
  }
}
