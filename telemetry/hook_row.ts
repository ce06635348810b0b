/**
 * One `hook` row per hook dispatch (spec §5, surface `hooks`), for the hook
 * runtime to call after it replied. Lean on purpose: node built-ins, the
 * connector record and the ndjson appender — never the tokenizer. Tokens are
 * the labeled heuristic of what the hook injected into the conversation
 * (context, a reason, a rewritten input); a hook that injected nothing
 * records zero. Fail-open: it never throws and writes nothing when telemetry
 * is off.
 *
 * @example
 * ```ts ignore
 * import { appendHookRow } from "../telemetry/hook_row.ts";
 * appendHookRow({
 *   dataRoot, env, connectorId: "acme-db", hostPlatform: "claude-code",
 *   event: "PreToolUse", sessionId: payload.session_id, projectDir: payload.cwd,
 *   injectedText: reply.stdout, isError: false,
 * });
 * ```
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { findProjectIdentity } from "../io/git_project.ts";
import { type OsName, osName } from "../io/host_env.ts";
import { heuristicTokens } from "./heuristic.ts";
import type { TelemetryRow } from "./rows.ts";
import { openNdjsonStore } from "./store_ndjson.ts";
import { telemetryDir } from "./store.ts";
import { telemetrySettings } from "./settings.ts";

/** What the hook runtime knows about one dispatch. */
export interface HookRowInput {
  /** The data root (`io/data_root.ts`). */
  dataRoot: string;
  /** The process environment (kill switch, session fallback). */
  env: Record<string, string | undefined>;
  /** The connector whose hook ran. */
  connectorId: string;
  /** The host that fired it. */
  hostPlatform: string;
  /** The normalized event (`PreToolUse`, …) — stored as the row's `toolName`. */
  event: string;
  /** The host's session id; `AGENT_CONNECTOR_SESSION` or a new id when empty. */
  sessionId?: string;
  /** The project folder (payload `cwd`), for the project key. */
  projectDir?: string;
  /** Text the hook's reply put in front of the model (context, reason, new input). */
  injectedText?: string;
  /** True when the handler failed (the dispatch still failed open). */
  isError?: boolean;
  /** The OS, for path normalization; the running one by default. */
  os?: OsName;
  /** The time; now by default. */
  now?: Date;
}

/**
 * Appends the row; returns it, or `undefined` when telemetry is off or the
 * write failed. Never throws.
 */
export function appendHookRow(input: HookRowInput): TelemetryRow | undefined {
  try {
    const settings = telemetrySettings(input.dataRoot, input.connectorId, input.env);
    if (!settings.enabled) return undefined;
    const projectDir = input.projectDir || undefined;
    const row: TelemetryRow = {
      connectorId: input.connectorId,
      toolName: input.event,
      scope: "hook",
      surfaceKind: "hook",
      hostPlatform: input.hostPlatform || "unknown",
      sessionId: input.sessionId || input.env.AGENT_CONNECTOR_SESSION || randomUUID(),
      projectKey: projectDir
        ? findProjectIdentity(projectDir, input.os ?? osName()).projectKey
        : "unknown",
      inputTokens: 0,
      outputTokens: heuristicTokens(input.injectedText ?? ""),
      confidenceSource: "heuristic",
      isError: input.isError === true,
      ts: (input.now ?? new Date()).toISOString(),
    };
    if (projectDir) row.projectDir = projectDir;
    // Hook rows always go to the ndjson log: appending one line needs no
    // database driver, and reports read every store.
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
