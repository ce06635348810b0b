/**
 * Per-tool token telemetry (spec §2.7, §5): what the `serve` proxy measures,
 * where rows are stored, and how they are read back.
 *
 * - Rows: {@link TelemetryRow} — aggregate counts only (scope `call` |
 *   `tool_defs` | `model_turn` | `hook`), each with a
 *   {@link ConfidenceSource} label.
 * - Store: {@link openTelemetryStore}`(kind, dataRoot)` → {@link TelemetryStore}
 *   (`append`, `revise`, `rows`, `groups`, `close`); `ndjson` by default, `sqlite`
 *   where node:sqlite exists. Files live in `<dataRoot>/telemetry/`.
 * - Hooks: {@link appendHookRow} — one `hook` row per dispatch, without the
 *   tokenizer; call it after the hook replied (it never throws).
 * - Counting: {@link loadO200k} + {@link countText} (exact o200k counts,
 *   long runs cut and labeled), {@link heuristicTokens} (the labeled
 *   fallback), {@link modelFamily} / {@link tokenizerConfidence}.
 * - Settings: {@link telemetrySettings} (record + kill switches).
 *
 * @example
 * ```ts ignore
 * import { appendHookRow } from "./mod.ts";
 * appendHookRow({
 *   dataRoot, env, connectorId: "acme-db", hostPlatform: "claude-code",
 *   event: "PreToolUse", sessionId, projectDir: cwd, injectedText: reply.stdout,
 * });
 * ```
 *
 * @module
 */

export {
  asTelemetryRow,
  CONFIDENCE_ORDER,
  type ConfidenceSource,
  type RowRevision,
  type SurfaceKind,
  TELEMETRY_SCOPES,
  type TelemetryRow,
  type TelemetryScope,
  weakerConfidence,
} from "./rows.ts";
export { GroupAccumulator, type RowGroup } from "./groups.ts";
export {
  openTelemetryStore,
  type RowFilter,
  telemetryDir,
  type TelemetryStore,
  TelemetryStoreError,
  type TelemetryStoreKind,
} from "./store.ts";
export { appendHookRow, type HookRowInput } from "./hook_row.ts";
export { DEFAULT_TELEMETRY, telemetryKilled, telemetrySettings } from "./settings.ts";
export { type ContentKind, heuristicTokens, imageTokens } from "./heuristic.ts";
export { type CountFn, countText, loadO200k, type TokenCount } from "./tokenizer.ts";
export {
  type ClientInfo,
  type ModelFamily,
  modelFamily,
  type ModelFamilyHint,
  tokenizerConfidence,
} from "./model_family.ts";
