/**
 * What every telemetry store backend shares (telemetry/store.ts opens one;
 * store_ndjson.ts and store_sqlite.ts implement it): the interface, its
 * filter and error, apart from the opener so a backend never imports it.
 *
 * @module
 */

import { join } from "node:path";
import type { RowRevision, TelemetryRow, TelemetryScope } from "./rows.ts";
import type { RowGroup } from "./groups.ts";

/** The backends. */
export type TelemetryStoreKind = "ndjson" | "sqlite";

/** Which rows a query wants. */
export interface RowFilter {
  /** Only rows at or after this ISO timestamp. */
  since?: string;
  /** Only this connector's rows. */
  connectorId?: string;
  /** Only these scopes. */
  scopes?: readonly TelemetryScope[];
}

/** A place telemetry rows are appended to and read from. */
export interface TelemetryStore {
  /** Which backend this is. */
  readonly kind: TelemetryStoreKind;
  /** Appends rows; whole rows only, safe with many concurrent writers. */
  append(rows: readonly TelemetryRow[]): void;
  /** Replaces provisional rows appended before (by `rowId`) with their final counts. */
  revise(revisions: readonly RowRevision[]): void;
  /** Every stored row matching `filter`, oldest day first. */
  rows(filter?: RowFilter): Iterable<TelemetryRow>;
  /** The matching rows summed by every dimension. */
  groups(filter?: RowFilter): RowGroup[];
  /** Releases files and handles. */
  close(): void;
}

/** A store cannot be opened on this runtime (or its files cannot be used). */
export class TelemetryStoreError extends Error {
  /** Creates the error. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TelemetryStoreError";
  }
}

/** The folder every store lives in. */
export function telemetryDir(dataRoot: string): string {
  return join(dataRoot, "telemetry");
}

/** True when a row passes `filter`. */
export function rowMatches(row: TelemetryRow, filter: RowFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.since !== undefined && row.ts < filter.since) return false;
  if (filter.connectorId !== undefined && row.connectorId !== filter.connectorId) return false;
  if (filter.scopes && !filter.scopes.includes(row.scope)) return false;
  return true;
}
