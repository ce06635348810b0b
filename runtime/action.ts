/**
 * The action chain (spec §2.6): resolve the action by id, run its per-host
 * `run` override or its `run`, print the result's message. User-triggered,
 * so NOT fail-open: an unknown id or a throwing run is exit 1 with the
 * reason on stderr.
 *
 * @module
 */

import type { ActionContext, ResolvedConnector } from "../core/connector_types.ts";
import type { PlatformId } from "../core/platform_types.ts";

/** What to run. */
export interface ActionRunInput {
  /** The connector. */
  connector: ResolvedConnector;
  /** The host the action is dispatched for. */
  platform: PlatformId;
  /** The action id. */
  actionId: string;
  /** Arguments after the action id. */
  args: string[];
  /** Working directory of the dispatch. */
  cwd: string;
}

/** What the action produced. */
export interface ActionRunResult {
  /** 0 on success, 1 on an unknown id or a throwing run. */
  exitCode: number;
  /** The result message, newline-terminated, or "". */
  stdout: string;
  /** The failure, newline-terminated, or "". */
  stderr: string;
}

/** Runs one action. Never throws. */
export async function runAction(input: ActionRunInput): Promise<ActionRunResult> {
  const { connector, platform, actionId } = input;
  const action = connector.actions.find((a) => a.id === actionId);
  if (!action) {
    const known = connector.actions.map((a) => a.id).join(", ") || "none";
    return {
      exitCode: 1,
      stdout: "",
      stderr: `Unknown action "${actionId}" for connector "${connector.id}" (known: ${known}).\n`,
    };
  }
  const run = action.hosts?.[platform]?.run ?? action.run;
  const ctx: ActionContext = {
    host: platform,
    connectorId: connector.id,
    cwd: input.cwd,
    args: input.args,
  };
  try {
    const result = await run(ctx);
    const message = result && typeof result.message === "string" ? result.message : "";
    return { exitCode: 0, stdout: message ? `${message.replace(/\n$/, "")}\n` : "", stderr: "" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { exitCode: 1, stdout: "", stderr: `Action "${actionId}" failed: ${message}\n` };
  }
}
