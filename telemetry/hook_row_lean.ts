/**
 * The `hook` telemetry row (spec §5, surface `hooks`) as the hook runtime
 * writes it: built and appended with the file access passed in (`leanIo`),
 * so a hook call loads no `node:` built-in and no store module — on Deno
 * those cost a cold hook more than an empty script's whole start-up.
 *
 * The row lands where the ndjson store (telemetry/store_ndjson.ts) reads:
 * `<dataRoot>/telemetry/events/<UTC day of ts>.ndjson`, one JSON line, in
 * one O_APPEND write, so concurrent hooks never interleave within a line.
 * {@link buildHookRow} is shared with telemetry/hook_row.ts, so both give
 * the same row for the same dispatch.
 *
 * @example
 * ```ts ignore
 * import { appendHookRowLean } from "../telemetry/hook_row_lean.ts";
 * appendHookRowLean({
 *   dataRoot, env, connectorId: "acme-db", hostPlatform: "claude-code",
 *   event: "PreToolUse", sessionId: payload.session_id, projectDir: payload.cwd,
 *   injectedText: reply.stdout, isError: false,
 * }, await leanIo());
 * ```
 *
 * @module
 */

import { resolvePath } from "../core/_abs_path.ts";
import { findProjectIdentityWith, type GitWalkFs } from "../io/git_walk.ts";
import type { OsName } from "../io/machine_env.ts";
import { heuristicTokens } from "./heuristic.ts";
import { telemetryKilled } from "./kill_switch.ts";
import type { TelemetryRow } from "./rows.ts";

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

/** The file access a lean append needs (`LeanIo` has it). */
export interface HookRowFs extends GitWalkFs {
  /** Appends text to a file (created when missing) in one O_APPEND write; throws on failure. */
  appendText(path: string, text: string): void;
  /** Creates a folder and its parents; throws on failure. */
  mkdirp(path: string): void;
}

/**
 * The row for one dispatch; `projectKeyOf` turns the project folder into its
 * key (called only when there is a folder).
 */
export function buildHookRow(
  input: HookRowInput,
  projectKeyOf: (dir: string) => string,
): TelemetryRow {
  const projectDir = input.projectDir || undefined;
  const row: TelemetryRow = {
    connectorId: input.connectorId,
    toolName: input.event,
    scope: "hook",
    surfaceKind: "hook",
    hostPlatform: input.hostPlatform || "unknown",
    sessionId: input.sessionId || input.env.AGENT_CONNECTOR_SESSION || crypto.randomUUID(),
    projectKey: projectDir ? projectKeyOf(projectDir) : "unknown",
    inputTokens: 0,
    outputTokens: heuristicTokens(input.injectedText ?? ""),
    confidenceSource: "heuristic",
    isError: input.isError === true,
    ts: (input.now ?? new Date()).toISOString(),
  };
  if (projectDir) row.projectDir = projectDir;
  return row;
}

/** The day file of the ndjson store that holds a row stamped `ts`. */
export function hookRowFile(dataRoot: string, ts: string, fs: Pick<HookRowFs, "os" | "cwd">): {
  dir: string;
  file: string;
} {
  const sep = fs.os === "win32" ? "\\" : "/";
  const dir = resolvePath([dataRoot, "telemetry", "events"].join(sep), fs.os, fs.cwd);
  return { dir, file: `${dir}${dir.endsWith(sep) ? "" : sep}${ts.slice(0, 10)}.ndjson` };
}

/**
 * Appends the row through `fs`; returns it, or `undefined` when telemetry is
 * off (the environment's kill switch or the connector record's
 * `telemetry.enabled: false`, passed as `enabled`) or the write failed.
 * Never throws.
 */
export function appendHookRowLean(
  input: HookRowInput,
  fs: HookRowFs,
  enabled = true,
): TelemetryRow | undefined {
  try {
    if (!enabled || telemetryKilled(input.env)) return undefined;
    const os = input.os ?? fs.os;
    const row = buildHookRow(input, (dir) => findProjectIdentityWith(dir, os, fs).projectKey);
    const { dir, file } = hookRowFile(input.dataRoot, row.ts, fs);
    const line = `${JSON.stringify(row)}\n`;
    try {
      fs.appendText(file, line);
    } catch (e) {
      // The first row of a data root: the open found no folder, so nothing
      // was written; create it (another hook may be doing the same) and
      // append once more.
      if ((e as { code?: string })?.code !== "ENOENT") throw e;
      fs.mkdirp(dir);
      fs.appendText(file, line);
    }
    return row;
  } catch {
    return undefined;
  }
}
