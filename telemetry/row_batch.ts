/**
 * Rows waiting to be written: appended in batches (every {@link FLUSH_ROWS}
 * rows, or {@link FLUSH_MS} after the first waiting one), so a busy session
 * makes few writes and a quiet one loses at most a second's rows to a crash.
 *
 * @module
 */

import type { TelemetryRow } from "./rows.ts";
import type { TelemetryStore } from "./store.ts";

/** Rows buffered before a write. */
export const FLUSH_ROWS = 32;
/** Milliseconds a row waits at most before it is written. */
export const FLUSH_MS = 1_000;

/** A batch of rows on its way to a store. */
export class RowBatch {
  readonly #store: TelemetryStore;
  readonly #onError?: (message: string) => void;
  #rows: TelemetryRow[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Writes to `store`; a failed write is reported through `onError`. */
  constructor(store: TelemetryStore, onError?: (message: string) => void) {
    this.#store = store;
    this.#onError = onError;
  }

  /** Adds a row; writes the batch when it is full. */
  add(row: TelemetryRow): void {
    this.#rows.push(row);
    if (this.#rows.length >= FLUSH_ROWS) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes every waiting row now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    try {
      this.#store.append(rows);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.#onError?.(`telemetry: ${rows.length} row(s) not written: ${why}`);
    }
  }
}
