/**
 * Reads every telemetry store present under a data root — the ndjson log and,
 * when its file exists, the SQLite database — so reports see all history
 * whichever backend a connector used. A database this runtime cannot open
 * becomes a warning, not a failure.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import { GroupAccumulator, type RowGroup } from "./groups.ts";
import type { TelemetryRow } from "./rows.ts";
import {
  openTelemetryStore,
  type RowFilter,
  telemetryDir,
  type TelemetryStore,
  TelemetryStoreError,
} from "./store.ts";
import { SQLITE_FILE } from "./store_sqlite.ts";

/** What a read found. */
export interface TelemetryRead<T> {
  /** The data. */
  data: T;
  /** Stores that could not be read, with why. */
  warnings: string[];
}

async function withStores<T>(
  dataRoot: string,
  use: (store: TelemetryStore) => void,
  done: () => T,
): Promise<TelemetryRead<T>> {
  const warnings: string[] = [];
  const kinds: Array<"ndjson" | "sqlite"> = ["ndjson"];
  if (existsSync(join(telemetryDir(dataRoot), SQLITE_FILE))) kinds.push("sqlite");
  for (const kind of kinds) {
    let store: TelemetryStore;
    try {
      store = await openTelemetryStore(kind, dataRoot);
    } catch (error) {
      if (!(error instanceof TelemetryStoreError)) throw error;
      warnings.push(`${join(telemetryDir(dataRoot), SQLITE_FILE)} not read: ${error.message}`);
      continue;
    }
    try {
      use(store);
    } finally {
      store.close();
    }
  }
  return { data: done(), warnings };
}

/** Every matching row of every store, oldest first. */
export function readTelemetryRows(
  dataRoot: string,
  filter?: RowFilter,
): Promise<TelemetryRead<TelemetryRow[]>> {
  const rows: TelemetryRow[] = [];
  return withStores(dataRoot, (store) => {
    for (const row of store.rows(filter)) rows.push(row);
  }, () => rows.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)));
}

/** The matching rows of every store, summed by every dimension. */
export function readTelemetryGroups(
  dataRoot: string,
  filter?: RowFilter,
): Promise<TelemetryRead<RowGroup[]>> {
  const acc = new GroupAccumulator();
  return withStores(dataRoot, (store) => {
    for (const group of store.groups(filter)) acc.addGroup(group);
  }, () => acc.groups());
}
