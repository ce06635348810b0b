/**
 * The telemetry store behind one interface (spec §5): `ndjson` (default, no
 * native code: append-only event files per UTC day plus derived rollups) or
 * `sqlite` (node:sqlite with WAL, where the runtime has it — Deno, Node ≥
 * 22.5). Both live under `<dataRoot>/telemetry/` and hold aggregate counts
 * only. Reports read every store present, so switching backends loses no
 * history.
 *
 * @module
 */

import { telemetryDir, type TelemetryStore, type TelemetryStoreKind } from "./store_types.ts";

export {
  type RowFilter,
  rowMatches,
  telemetryDir,
  type TelemetryStore,
  TelemetryStoreError,
  type TelemetryStoreKind,
} from "./store_types.ts";

/**
 * Opens a store. `sqlite` loads node:sqlite on demand and throws
 * {@link TelemetryStoreError} with what to do where the runtime lacks it.
 */
export async function openTelemetryStore(
  kind: TelemetryStoreKind,
  dataRoot: string,
): Promise<TelemetryStore> {
  if (kind === "sqlite") {
    const { openSqliteStore } = await import("./store_sqlite.ts");
    return await openSqliteStore(telemetryDir(dataRoot));
  }
  const { openNdjsonStore } = await import("./store_ndjson.ts");
  return openNdjsonStore(telemetryDir(dataRoot));
}
