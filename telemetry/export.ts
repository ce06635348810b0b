/**
 * `telemetry export`: the stored rows as JSON or CSV (RFC 4180 quoting, one
 * header line). Rows hold counts and labels only, so nothing exported is
 * content.
 *
 * @module
 */

import type { TelemetryRow } from "./rows.ts";

/** The CSV columns, in order. */
export const EXPORT_COLUMNS: readonly (keyof TelemetryRow)[] = [
  "ts",
  "connectorId",
  "toolName",
  "scope",
  "surfaceKind",
  "hostPlatform",
  "sessionId",
  "projectKey",
  "projectDir",
  "inputTokens",
  "outputTokens",
  "confidenceSource",
  "isError",
];

function cell(value: unknown): string {
  const text = value === undefined || value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Renders rows as CSV.
 *
 * @example
 * ```ts
 * import { rowsToCsv } from "./export.ts";
 * rowsToCsv([]).split("\n")[0]; // "ts,connectorId,toolName,scope,…"
 * ```
 */
export function rowsToCsv(rows: readonly TelemetryRow[]): string {
  const lines = [EXPORT_COLUMNS.join(",")];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((c) => cell(row[c])).join(","));
  return lines.join("\n") + "\n";
}

/** Renders rows as a JSON array, one row per line. */
export function rowsToJson(rows: readonly TelemetryRow[]): string {
  if (rows.length === 0) return "[]\n";
  return `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(",\n")}\n]\n`;
}
