/**
 * Writes a minimal registered connector record (`connector.json`) for tests
 * of the runtime entrypoints that read one.
 *
 * @module
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { ResolvedTelemetryConfig } from "../../core/connector_types.ts";
import { connectorRecordPath } from "../../io/connector_record.ts";

/** Writes `<root>/connectors/<id>/connector.json` with `telemetry` overrides. */
export function writeTestRecord(
  root: string,
  id: string,
  telemetry: Partial<ResolvedTelemetryConfig> = {},
  modulePath = "/nonexistent/agent-connector.config.mjs",
): void {
  const path = connectorRecordPath(root, id);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    JSON.stringify({
      id,
      displayName: id,
      version: "1.0.0",
      frameworkVersion: "0.1.0",
      modulePath,
      telemetry: {
        enabled: true,
        modelFamilyHint: "auto",
        measureToolDefs: true,
        hostNativeUsage: false,
        store: "ndjson",
        calibration: { anthropicCountTokens: false },
        ...telemetry,
      },
      installedAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    }),
  );
}
