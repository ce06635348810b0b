/**
 * The offline test harness for connectors (spec §9.3): `explain` (the
 * host × surface support matrix), `explainHooks` (the host × event honor
 * matrix), `capabilityMatrix` / `renderCapabilityTable` (every host ×
 * every surface, native / degraded / unsupported and how we know — the
 * table of docs/capabilities.md) and `simulate` (the runtime's own hook
 * chain, judged against the host's reply contract).
 *
 * @example
 * ```ts ignore
 * import { simulate } from "@ken-jo/agent-connector/sdk/test";
 * const { honored, reason } = await simulate(connector, {
 *   surface: "hooks",
 *   host: "claude-code",
 *   event: "PreToolUse",
 *   input: { tool_name: "Bash", tool_input: { command: "rm -rf /" } },
 * });
 * ```
 *
 * @module
 */

export type { ResolvedConnector } from "../core/types.ts";
export { explain, explainHooks } from "./_explain.ts";
export type { ExplainRow, HookExplainRow } from "./_explain.ts";
export { capabilityMatrix, renderCapabilityTable } from "./_capability_table.ts";
export type { CapabilityRow } from "./_capability_table.ts";
export type { SupportEvidence, SupportLevel, SurfaceSupportInfo } from "./_support.ts";
export { simulate } from "./_simulate.ts";
export type { SimulateOptions, SimulateResult } from "./_simulate.ts";
