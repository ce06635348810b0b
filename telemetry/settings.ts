/**
 * The telemetry settings a runtime entrypoint uses, read from the connector's
 * registered record (`<dataRoot>/connectors/<id>/connector.json`) so serve
 * and hooks never import the connector module for them. A missing or
 * unreadable record means the defaults — never a failed launch.
 *
 * Kill switches (spec §5): `AGENT_CONNECTOR_TELEMETRY=0` (also `false`, `off`,
 * `no`) or `telemetry.enabled: false` turn every row off.
 *
 * @module
 */

import type { ResolvedTelemetryConfig } from "../core/connector_types.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import { telemetryKilled } from "./kill_switch.ts";

/** The settings of a connector that declares none. */
export const DEFAULT_TELEMETRY: Readonly<ResolvedTelemetryConfig> = Object.freeze({
  enabled: true,
  modelFamilyHint: "auto",
  measureToolDefs: true,
  hostNativeUsage: false,
  store: "ndjson",
  calibration: Object.freeze({ anthropicCountTokens: false }),
});

export { telemetryKilled };

/**
 * The effective settings for `connectorId`: its record's, else the defaults;
 * `enabled` is false when either kill switch is set.
 */
export function telemetrySettings(
  dataRoot: string,
  connectorId: string,
  env: Record<string, string | undefined>,
): ResolvedTelemetryConfig {
  const recorded = readConnectorRecord(dataRoot, connectorId)?.telemetry;
  const merged: ResolvedTelemetryConfig = {
    ...DEFAULT_TELEMETRY,
    ...(recorded && typeof recorded === "object" ? recorded : {}),
    calibration: { ...DEFAULT_TELEMETRY.calibration, ...(recorded?.calibration ?? {}) },
  };
  if (merged.store !== "sqlite") merged.store = "ndjson";
  merged.enabled = merged.enabled !== false && !telemetryKilled(env);
  return merged;
}
