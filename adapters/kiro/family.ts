/**
 * The agent-JSON hook surface the Kiro CLI and the Amazon Q Developer CLI
 * share (aws/amazon-q-developer-cli `crates/chat-cli/src/cli/agent/hook.rs`;
 * kiro.dev/docs/cli/hooks): hooks live in the JSON of the agent in use,
 * under `hooks` keyed by trigger, as flat `{command, matcher?}` entries.
 * Matchers are globs with `@server` forms, so none is written and the hook
 * entrypoint filters. The default agent's file carries `header` — what that
 * agent needs to keep working when the file is ours (an agent without
 * `tools` has none).
 *
 * @module
 */

import type { ConfigHookSurface, ScopePaths } from "../descriptor.ts";

/** The agent-hook surface for the default agent's file in each scope. */
export function agentHookSurface(
  paths: ScopePaths,
  header: Record<string, unknown>,
): ConfigHookSurface {
  return {
    paths,
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    header,
    events: {
      SessionStart: { name: "agentSpawn" },
      UserPromptSubmit: { name: "userPromptSubmit" },
      PreToolUse: { name: "preToolUse" },
      PostToolUse: { name: "postToolUse" },
      Stop: { name: "stop" },
    },
    handler: (command) => ({ command }),
    matchers: "ignored",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: true },
  };
}
