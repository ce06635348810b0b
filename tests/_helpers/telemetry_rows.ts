/**
 * Row builders shared by the telemetry tests (not exported from the module).
 *
 * @module
 */

import type { TelemetryRow } from "../../telemetry/rows.ts";

/** A valid row with `over` applied. */
export function testRow(over: Partial<TelemetryRow> = {}): TelemetryRow {
  return {
    connectorId: "acme",
    toolName: "query",
    scope: "call",
    surfaceKind: "server",
    hostPlatform: "claude-code",
    sessionId: "s1",
    projectKey: "git:0123456789abcdef",
    inputTokens: 10,
    outputTokens: 20,
    confidenceSource: "tokenizer-approx",
    isError: false,
    ts: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}
