/**
 * Codex 0.171.0 headless against the mock (recipes/real-hosts.md): a `mock` model
 * provider on the Responses wire in `~/.codex/config.toml`, no approvals, no update
 * check or analytics; `codex exec` with hook trust bypassed (Codex asks the user to
 * trust new hooks). The MCP server needs `default_tools_approval_mode = "approve"` to be
 * called without a prompt, carried by the connector's `platforms.codex.extra`.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

/** Codex in the lab. */
export const codex: LabHost = {
  id: "codex",
  adapter: "codex",
  extra: { default_tools_approval_mode: "approve" },
  limits: {
    // Measured: `codex exec "/prompts:lab-define apple"` sends that text as it is.
    command: "codex exec 0.171.0 does not expand custom prompts (/prompts:<name> is the TUI's)",
  },
  prepare: ({ box, mockUrl }) => {
    mkdirSync(join(box.home, ".codex"));
    writeFileSync(
      join(box.home, ".codex", "config.toml"),
      `# The lab's model provider (a user's own settings, kept byte for byte).
model = "mock-model"
model_provider = "mock"
approval_policy = "never"
check_for_update_on_startup = false

[model_providers.mock]
name = "mock"
base_url = "${mockUrl}/v1"
env_key = "LAB_MOCK_KEY"
wire_api = "responses"

[analytics]
enabled = false
`,
    );
  },
  env: () => ({ LAB_MOCK_KEY: "lab-dummy-key" }),
  argv: ({ bin }, prompt) => [
    bin,
    "exec",
    "--skip-git-repo-check",
    "--dangerously-bypass-hook-trust",
    "--json",
    prompt,
  ],
};
