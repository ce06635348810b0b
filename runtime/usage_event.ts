/**
 * `agent-connector usage-event <platform> --connector <id>` (spec §3, hidden):
 * the opt-in host-native turn hook Gemini CLI / Antigravity adapters install
 * when `telemetry.hostNativeUsage` is on. Reads the host's payload on stdin
 * and records one `model_turn` row with the host's own token counts
 * (confidence `host-native`). Always exits 0 with no output (fail-open).
 *
 * Payload (Gemini CLI AfterModel, google-gemini/gemini-cli
 * docs/hooks/reference.md "Stable Model API"; hookTranslator copies
 * `promptTokenCount`, `candidatesTokenCount`, `totalTokenCount`):
 * `{ session_id, cwd, hook_event_name, llm_request: { model, … },
 * llm_response: { candidates: [{ content, finishReason }], usageMetadata } }`.
 * AfterModel fires for every streamed chunk, so only a chunk that ends a
 * response (a candidate with a `finishReason`, or no candidates at all) is
 * recorded — the usage of one turn is counted once.
 *
 * Lean: node built-ins, the connector record and the ndjson appender.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { dataRoot } from "../io/data_root.ts";
import { findProjectIdentity } from "../io/git_project.ts";
import { osName } from "../io/machine_env.ts";
import type { TelemetryRow } from "../telemetry/rows.ts";
import { telemetrySettings } from "../telemetry/settings.ts";
import { openNdjsonStore } from "../telemetry/store_ndjson.ts";
import { telemetryDir } from "../telemetry/store.ts";

/** One turn's usage as the host reported it. */
export interface TurnUsage {
  /** The model id, or `unknown-model`. */
  model: string;
  /** Prompt tokens. */
  inputTokens: number;
  /** Output (candidate) tokens. */
  outputTokens: number;
  /** The host's session id, when given. */
  sessionId?: string;
  /** The project folder, when given. */
  cwd?: string;
}

const count = (
  v: unknown,
) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);
const obj = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Record<string, unknown> : undefined;

/**
 * Reads one finished turn's usage from a payload; `undefined` for a chunk
 * that does not end a response or carries no usage.
 */
export function parseTurnUsage(payload: unknown): TurnUsage | undefined {
  const p = obj(payload);
  if (!p) return undefined;
  const response = obj(p.llm_response) ?? obj(p.response) ?? p;
  const usage = obj(response.usageMetadata);
  if (!usage) return undefined;
  const candidates = Array.isArray(response.candidates) ? response.candidates : undefined;
  if (candidates && !candidates.some((c) => obj(c)?.finishReason)) return undefined;
  const total = count(usage.totalTokenCount);
  const input = count(usage.promptTokenCount) ?? 0;
  const output = count(usage.candidatesTokenCount) ??
    (total !== undefined ? Math.max(0, total - input) : undefined);
  if (output === undefined && total === undefined) return undefined;
  const request = obj(p.llm_request) ?? obj(p.request);
  const model = request?.model ?? p.model ?? response.modelVersion;
  return {
    model: typeof model === "string" && model !== "" ? model : "unknown-model",
    inputTokens: input,
    outputTokens: output ?? 0,
    sessionId: typeof p.session_id === "string" ? p.session_id : undefined,
    cwd: typeof p.cwd === "string" ? p.cwd : undefined,
  };
}

/** What one usage event needs. */
export interface UsageEventInput {
  /** The host id from the command line. */
  platform: string;
  /** The connector whose hook this is. */
  connectorId: string;
  /** The payload text. */
  stdin: string;
  /** The data root. */
  dataRoot: string;
  /** The environment (kill switch, session fallback). */
  env: Record<string, string | undefined>;
  /** The time; now by default. */
  now?: Date;
}

/** Records the turn; returns the row, or undefined when nothing was recorded. Never throws. */
export function recordUsageEvent(input: UsageEventInput): TelemetryRow | undefined {
  try {
    if (!telemetrySettings(input.dataRoot, input.connectorId, input.env).enabled) return undefined;
    const turn = parseTurnUsage(JSON.parse(input.stdin));
    if (!turn) return undefined;
    const row: TelemetryRow = {
      connectorId: input.connectorId,
      toolName: turn.model,
      scope: "model_turn",
      surfaceKind: "hook",
      hostPlatform: input.platform,
      sessionId: turn.sessionId || input.env.AGENT_CONNECTOR_SESSION || randomUUID(),
      projectKey: turn.cwd ? findProjectIdentity(turn.cwd, osName()).projectKey : "unknown",
      inputTokens: turn.inputTokens,
      outputTokens: turn.outputTokens,
      confidenceSource: "host-native",
      isError: false,
      ts: (input.now ?? new Date()).toISOString(),
    };
    if (turn.cwd) row.projectDir = turn.cwd;
    const store = openNdjsonStore(telemetryDir(input.dataRoot));
    try {
      store.append([row]);
    } finally {
      store.close();
    }
    return row;
  } catch {
    return undefined;
  }
}

/** The entrypoint: `<platform> --connector <id>` with the payload on stdin. Always resolves 0. */
export async function usageEventEntry(
  args: string[],
  io: { readStdin(): Promise<string>; env: Record<string, string | undefined>; home: string },
): Promise<0> {
  try {
    let platform: string | undefined;
    let connectorId: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === "--connector") connectorId = args[++i];
      else if (a.startsWith("--connector=")) connectorId = a.slice("--connector=".length);
      else if (!a.startsWith("-") && platform === undefined) platform = a;
    }
    if (!platform || !connectorId) return 0;
    const stdin = await io.readStdin();
    recordUsageEvent({ platform, connectorId, stdin, dataRoot: dataRoot(io), env: io.env });
  } catch { /* fail-open */ }
  return 0;
}
