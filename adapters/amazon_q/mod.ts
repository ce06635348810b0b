/**
 * Amazon Q Developer CLI (`q chat`). Facts from its source,
 * aws/amazon-q-developer-cli (SOURCES.md beside this file):
 *
 * - Detection: `~/.aws/amazonq` and a project's `.amazonq/`.
 * - MCP: the legacy `mcp.json` — `~/.aws/amazonq/mcp.json` and
 *   `.amazonq/mcp.json`, `mcpServers` — which the default agent includes
 *   (`useLegacyMcpJson`). stdio `{command, args, env, timeout, disabled}`,
 *   remote `{type: "http", url, headers}`; `timeout` in ms. `${env:VAR}` is
 *   substituted in `env` values (mcp_client/client.rs), so references there
 *   are written that way; elsewhere serve resolves them.
 * - Hooks live in an agent's JSON (`cli-agents/<name>.json`), `hooks` keyed
 *   by trigger with flat `{command, matcher?}` entries, and run only for the
 *   agent in use. They go into `q_cli_default.json`, the file that replaces
 *   the built-in default agent (docs/default-agent-behavior.md; a bare
 *   `default.json` would be an inactive custom agent). Created by us, it
 *   starts with the built-in default's own settings (agent/mod.rs `impl
 *   Default for Agent`): every tool, the default context files and rules,
 *   the legacy mcp.json — an agent file without `tools` has none — and those
 *   keys go again on uninstall. Matchers are globs, so none is written.
 *   Replies: the agent-hook format shared with Kiro (dialect.ts).
 * - Prompts (`@name`): `~/.aws/amazonq/prompts/`, `.amazonq/prompts/`.
 *   Subagents: agent JSON in `cli-agents/`. No skills.
 * - Memory: the dedicated `.amazonq/rules/agent-connector.md`, which the
 *   default agent loads (every Markdown file under `.amazonq/rules/`; spec §2.4). No user
 *   rules folder, so user scope is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { ENV_COLON_REF } from "../env_ref.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { agentJsonRenderer } from "../kiro/content.ts";
import { agentHookSurface } from "../kiro/family.ts";
import { amazonQDir, amazonQProjectDir } from "./home.ts";

/** The agent file whose hooks run in every default session. */
export const Q_DEFAULT_AGENT = "q_cli_default";

/** The Amazon Q Developer CLI adapter. */
export const adapter: HostAdapter = defineHost({
  id: "amazon-q",
  name: "Amazon Q Developer CLI",
  paradigm: "json-stdio",
  detect: { user: [amazonQDir], project: [amazonQProjectDir] },
  server: {
    paths: { user: amazonQDir.join("mcp.json"), project: amazonQProjectDir.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http"],
    envRef: ENV_COLON_REF,
    envRefScope: "env",
    render: jsonServerRenderer({
      host: "Amazon Q",
      remoteType: { http: "http" },
      support: { timeout: true, disabled: true },
    }),
  },
  hooks: agentHookSurface(
    {
      user: amazonQDir.join("cli-agents", `${Q_DEFAULT_AGENT}.json`),
      project: amazonQProjectDir.join("cli-agents", `${Q_DEFAULT_AGENT}.json`),
    },
    {
      name: Q_DEFAULT_AGENT,
      description: "Default agent",
      tools: ["*"],
      resources: [
        "file://AmazonQ.md",
        "file://AGENTS.md",
        "file://README.md",
        "file://.amazonq/rules/**/*.md",
      ],
      useLegacyMcpJson: true,
    },
  ),
  commands: {
    paths: { user: amazonQDir.join("prompts"), project: amazonQProjectDir.join("prompts") },
    render: promptMarkdownRenderer({ host: "Amazon Q" }),
  },
  subagents: {
    paths: { user: amazonQDir.join("cli-agents"), project: amazonQProjectDir.join("cli-agents") },
    render: agentJsonRenderer("Amazon Q"),
  },
  memory: { paths: { project: amazonQProjectDir.join("rules", "agent-connector.md") } },
  doctorNotes: [
    {
      text:
        "Amazon Q runs agent hooks only for the agent in use: they are in q_cli_default.json, so q chat --agent <other> or chat.defaultAgent runs none of them.",
      about: "hooks",
    },
  ],
});
