/**
 * The telemetry row of one measured job of a proxied session (a call, or a
 * `tools/list` listing): who and where from the recorder's config, the host
 * and model family from the client's `initialize`, and the weaker confidence
 * of the two sides measured. Used by `SessionRecorder` (telemetry/recorder.ts).
 *
 * @module
 */

import type { ResolvedTelemetryConfig } from "../core/connector_types.ts";
import type { Measured } from "./measure.ts";
import {
  type ClientInfo,
  hostFromClientInfo,
  type ModelFamily,
  modelFamily,
  tokenizerConfidence,
} from "./model_family.ts";
import { type ConfidenceSource, type TelemetryRow, weakerConfidence } from "./rows.ts";

/** Who and where the session is. */
export interface RecorderConfig {
  /** The connector. */
  connectorId: string;
  /** `--host` or `AGENT_CONNECTOR_HOST`; else the client's name decides. */
  hostPlatform?: string;
  /** The session id. */
  sessionId: string;
  /** The project key. */
  projectKey: string;
  /** The project folder. */
  projectDir?: string;
  /** The connector's telemetry settings. */
  settings: Pick<ResolvedTelemetryConfig, "modelFamilyHint" | "measureToolDefs">;
}

/** What a row says about its job beyond the tokens. */
export interface RowJob {
  /** The tool, or `tools/list`. */
  toolName: string;
  /** `call` or `tool_defs`. */
  scope: "call" | "tool_defs";
  /** The job had no output to measure (its confidence is its input's). */
  inputOnly: boolean;
  /** The call failed or was never answered. */
  isError: boolean;
  /** When its line was read (ISO 8601). */
  ts: string;
}

/** The host platform: the configured one, else the client's name decides. */
export function sessionHost(config: RecorderConfig, clientInfo: ClientInfo | undefined): string {
  return config.hostPlatform ?? hostFromClientInfo(clientInfo) ?? "unknown";
}

/** The model family a session's counts are for (the hint, the client's name, the host). */
export function sessionFamily(
  config: RecorderConfig,
  clientInfo: ClientInfo | undefined,
): ModelFamily {
  return modelFamily(config.settings.modelFamilyHint, clientInfo, sessionHost(config, clientInfo));
}

/**
 * The row of `job` measured as `input` and `output`. With `calibration` (the
 * ratio of Anthropic's `count_tokens` to our counts, telemetry/calibration.ts)
 * a Claude-family side counted by the tokenizer is scaled by it and labeled
 * `tokenizer-calibrated`; estimated sides and other families are left as
 * they are.
 */
export function sessionRow(
  config: RecorderConfig,
  clientInfo: ClientInfo | undefined,
  job: RowJob,
  input: Measured,
  output: Measured,
  calibration?: number,
): TelemetryRow {
  const host = sessionHost(config, clientInfo);
  const family = sessionFamily(config, clientInfo);
  const calibrate = family === "anthropic" && calibration !== undefined &&
    Number.isFinite(calibration) && calibration > 0;
  const confidence = (m: Measured): ConfidenceSource => {
    if (m.quality === "heuristic") return "heuristic";
    const label = tokenizerConfidence(family, m.quality === "exact");
    return calibrate && label === "tokenizer-approx" ? "tokenizer-calibrated" : label;
  };
  const tokens = (m: Measured): number =>
    confidence(m) === "tokenizer-calibrated" ? Math.round(m.tokens * calibration!) : m.tokens;
  const row: TelemetryRow = {
    connectorId: config.connectorId,
    toolName: job.toolName,
    scope: job.scope,
    surfaceKind: "server",
    hostPlatform: host,
    sessionId: config.sessionId,
    projectKey: config.projectKey,
    inputTokens: tokens(input),
    outputTokens: tokens(output),
    confidenceSource: job.inputOnly
      ? confidence(input)
      : weakerConfidence(confidence(input), confidence(output)),
    isError: job.isError,
    ts: job.ts,
  };
  if (config.projectDir) row.projectDir = config.projectDir;
  return row;
}
