/**
 * What hosts execute: the hook, status-line, action and serve entrypoints.
 *
 * @module
 */

export { runtimeExecPath, runtimeName } from "../edge/runtime_info.ts";
export type { RuntimeName } from "../edge/runtime_info.ts";
export { hookEntry, statuslineEntry } from "./hook_main.ts";
export type { EntryIo } from "./hook_main.ts";
export { parseStdin, runHook } from "./dispatch.ts";
export type { HookRunInput, HookRunResult, HookSkip } from "./dispatch.ts";
export { runStatusline } from "./statusline.ts";
export type { StatuslineRunInput } from "./statusline.ts";
export { runAction } from "./action.ts";
export type { ActionRunInput, ActionRunResult } from "./action.ts";
export type { HookDialect, NativeReply, ParsedPayload, Verdict } from "../adapters/dialect.ts";
export { PROBE_PROTOCOL_VERSION, probeServer } from "./probe.ts";
export type { ProbeInput } from "./probe.ts";
export { appendHookRow } from "../telemetry/hook_row.ts";
export type { HookRowInput } from "../telemetry/hook_row.ts";
export type { HookRowFs } from "../telemetry/hook_row_lean.ts";
export type { GitWalkFs } from "../io/git_walk.ts";
export type {
  ConfidenceSource,
  SurfaceKind,
  TelemetryRow,
  TelemetryScope,
} from "../telemetry/rows.ts";
