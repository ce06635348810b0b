/**
 * One `hook` row per hook dispatch (spec §5, surface `hooks`), for callers
 * that have `node:` built-ins at hand (an in-process SDK user). The hook
 * runtime itself appends through telemetry/hook_row_lean.ts, which builds
 * the very same row ({@link buildHookRow}) without loading Node
 * compatibility or the store. Never the tokenizer: tokens are the labeled
 * heuristic of what the hook injected into the conversation (context, a
 * reason, a rewritten input); a hook that injected nothing records zero.
 * Fail-open: it never throws and writes nothing when telemetry is off.
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

import { findProjectIdentity } from "../io/git_project.ts";
import { osName } from "../io/machine_env.ts";
import { buildHookRow, type HookRowInput } from "./hook_row_lean.ts";
import type { TelemetryRow } from "./rows.ts";
import { openNdjsonStore } from "./store_ndjson.ts";
import { telemetryDir } from "./store.ts";
import { telemetrySettings } from "./settings.ts";

export type { HookRowInput } from "./hook_row_lean.ts";

/**
 * Appends the row; returns it, or `undefined` when telemetry is off or the
 * write failed. Never throws.
 */
export function appendHookRow(input: HookRowInput): TelemetryRow | undefined {
  try {
    const settings = telemetrySettings(input.dataRoot, input.connectorId, input.env);
    if (!settings.enabled) return undefined;
    const os = input.os ?? osName();
    const row = buildHookRow(input, (dir) => findProjectIdentity(dir, os).projectKey);
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
