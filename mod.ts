/**
 * agent-connector: declare an MCP server, hooks and content once with
 * `defineConnector`, deploy them into every installed AI coding agent in its
 * own dialect, and measure token use.
 *
 * @example
 * ```ts
 * import { defineConnector } from "@ken-jo/agent-connector";
 *
 * export default defineConnector({
 *   server: { transport: "stdio", command: "npx", args: ["-y", "@acme/acme-db-mcp"] },
 * });
 * ```
 *
 * @module
 */

export * from "./core/types.ts";
export { ConnectorConfigError } from "./core/errors.ts";
export type {
  TelemetryAccessor,
  TelemetryAccessorOptions,
  TelemetryQuery,
  TelemetryUsageSummary,
} from "./telemetry/accessor.ts";
export type { RankedRow } from "./telemetry/report.ts";
export type {
  ConfidenceSource,
  SurfaceKind,
  TelemetryRow,
  TelemetryScope,
} from "./telemetry/rows.ts";
export { defineConnector, isResolvedConnector } from "./core/define_connector.ts";
export {
  defineAction,
  defineCommand,
  defineConfigPatch,
  defineHook,
  defineMemory,
  defineNativeHook,
  defineSkill,
  defineStatusline,
  defineSubagent,
} from "./core/define_helpers.ts";
