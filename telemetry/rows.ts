/**
 * The telemetry row: one aggregate record per tool call, tool-definition
 * measurement, hook dispatch or host-reported model turn (spec §5). Counts
 * and labels only — never arguments, results, prompts or secret values.
 *
 * @module
 */

/** What a row measures. */
export type TelemetryScope = "call" | "tool_defs" | "model_turn" | "hook";

/** Every scope, in report order. */
export const TELEMETRY_SCOPES: readonly TelemetryScope[] = [
  "call",
  "tool_defs",
  "model_turn",
  "hook",
];

/** The connector surface a row belongs to (spec §5, "two axes, five surfaces"). */
export type SurfaceKind = "server" | "hook" | "command" | "skill" | "subagent";

/**
 * How a count was obtained, weakest first: `heuristic` < `tokenizer-approx` <
 * `tokenizer-calibrated` < `tokenizer-exact` < `host-native`.
 */
export type ConfidenceSource =
  | "heuristic"
  | "tokenizer-approx"
  | "tokenizer-calibrated"
  | "tokenizer-exact"
  | "host-native";

/** The confidence labels, weakest first. */
export const CONFIDENCE_ORDER: readonly ConfidenceSource[] = [
  "heuristic",
  "tokenizer-approx",
  "tokenizer-calibrated",
  "tokenizer-exact",
  "host-native",
];

/** One stored telemetry record. */
export interface TelemetryRow {
  /** The connector whose server, hook or surface this is. */
  connectorId: string;
  /** The tool name (`call`), `tools/list` (`tool_defs`), the hook event (`hook`) or the model (`model_turn`). */
  toolName: string;
  /** What was measured. */
  scope: TelemetryScope;
  /** The surface. */
  surfaceKind: SurfaceKind;
  /** The host the traffic came from, or `unknown`. */
  hostPlatform: string;
  /** The host session, or a generated id. */
  sessionId: string;
  /** A hash of the project's git remote or normalized path (core/project_key.ts). */
  projectKey: string;
  /** The project folder, when known. */
  projectDir?: string;
  /** Tokens into the model: tool arguments, tool definitions, a turn's prompt. */
  inputTokens: number;
  /** Tokens out of the tool: results, injected hook context, a turn's output. */
  outputTokens: number;
  /** How the counts were obtained. */
  confidenceSource: ConfidenceSource;
  /** True when the call failed (JSON-RPC error, `isError` result, no answer). */
  isError: boolean;
  /** When it happened: ISO 8601 UTC (`Date.prototype.toISOString`), so strings sort by time. */
  ts: string;
  /**
   * Set only on a row written before its counts were final (a provisional
   * row): a later {@link RowRevision} with this id replaces its counts.
   * Stores use it; readers never report it.
   */
  rowId?: string;
}

/**
 * The completion of a provisional row (serve writes a call's row at once
 * with estimated counts when tokenizing would take longer, then this once
 * the count is done). Stores replace `was` with `row`; readers that predate
 * revisions skip them and keep the provisional row, which is labeled as the
 * estimate it is.
 */
export interface RowRevision {
  /** The provisional row as written (with its `rowId`). */
  was: TelemetryRow;
  /** What replaces it: same `rowId`, `ts` and session, final counts and label. */
  row: TelemetryRow;
}

/** A revision as one ndjson line holds it (a shape older readers skip as no row). */
export interface StoredRevision {
  /** The provisional row replaced. */
  revises: TelemetryRow;
  /** The row replacing it. */
  row: TelemetryRow;
}

/** Returns `value` as a revision when it is one of two valid rows (see {@link asTelemetryRow}). */
export function asRowRevision(value: unknown): RowRevision | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Partial<Record<keyof StoredRevision, unknown>>;
  const was = asTelemetryRow(v.revises);
  const row = asTelemetryRow(v.row);
  const id = (v.revises as { rowId?: unknown } | undefined)?.rowId;
  if (!was || !row || typeof id !== "string") return undefined;
  return { was: { ...was, rowId: id }, row: { ...row, rowId: id } };
}

/** The weaker of two confidence labels. */
export function weakerConfidence(a: ConfidenceSource, b: ConfidenceSource): ConfidenceSource {
  return CONFIDENCE_ORDER.indexOf(a) <= CONFIDENCE_ORDER.indexOf(b) ? a : b;
}

const SCOPES = new Set<string>(TELEMETRY_SCOPES);
const SURFACES = new Set<string>(["server", "hook", "command", "skill", "subagent"]);
const CONFIDENCES = new Set<string>(CONFIDENCE_ORDER);

/**
 * Returns `value` as a row when it has every field with the right type,
 * keeping only the known fields (so nothing unexpected is ever reported);
 * `undefined` otherwise. Used when reading stores, where a line may be torn
 * or written by another version.
 */
export function asTelemetryRow(value: unknown): TelemetryRow | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  const str = (k: string) => typeof v[k] === "string";
  const count = (k: string) => typeof v[k] === "number" && Number.isFinite(v[k]) && v[k] >= 0;
  if (
    !str("connectorId") || !str("toolName") || !str("hostPlatform") || !str("sessionId") ||
    !str("projectKey") || !str("ts") || !count("inputTokens") || !count("outputTokens") ||
    typeof v.isError !== "boolean" || !SCOPES.has(v.scope as string) ||
    !SURFACES.has(v.surfaceKind as string) || !CONFIDENCES.has(v.confidenceSource as string)
  ) return undefined;
  const row: TelemetryRow = {
    connectorId: v.connectorId as string,
    toolName: v.toolName as string,
    scope: v.scope as TelemetryScope,
    surfaceKind: v.surfaceKind as SurfaceKind,
    hostPlatform: v.hostPlatform as string,
    sessionId: v.sessionId as string,
    projectKey: v.projectKey as string,
    inputTokens: v.inputTokens as number,
    outputTokens: v.outputTokens as number,
    confidenceSource: v.confidenceSource as ConfidenceSource,
    isError: v.isError as boolean,
    ts: v.ts as string,
  };
  if (typeof v.projectDir === "string") row.projectDir = v.projectDir;
  return row;
}
