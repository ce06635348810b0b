/**
 * oh-my-pi (can1357/oh-my-pi, a fork of pi; npm
 * `@oh-my-pi/pi-coding-agent`, bin `omp`, runs on Bun). Facts in
 * ./SOURCES.md:
 *
 * - Detection: the agent folder `~/.omp/agent` (./home.ts); a project's
 *   `.omp/`.
 * - MCP: `mcpServers` in `<agent folder>/mcp.json` and a project's
 *   `.omp/mcp.json` (`getMCPConfigPath`). stdio `{command, args, env,
 *   cwd}`, remote `{type: "http"|"sse", url, headers}`, and `enabled`,
 *   `timeout` (ms) on either; strings expand `${VAR}` and `${VAR:-default}`
 *   (discovery `expandEnvVars`; its docs/mcp-config.md). omp gives servers
 *   250 ms at startup and lists the tools of slower ones from its cache
 *   or once they answer (docs/mcp-runtime-lifecycle.md), and MCP tools are
 *   "discoverable" rather than in the model's first tool list
 *   (docs/custom-tools.md `loadMode`).
 * - Hooks and actions: pi's generated extension (adapters/pi/hooks.ts) in
 *   `extensions/` of the agent folder or `.omp/`: the fork keeps pi's
 *   extension API (`core/extensions/types.ts`: `tool_call`, `tool_result`,
 *   `before_agent_start`, `registerCommand`). MCP is native, so it bridges
 *   nothing.
 * - Content: slash commands `commands/<n>.md` and skills
 *   `skills/<n>/SKILL.md`, under the agent folder or `.omp/`.
 * - Memory: `AGENTS.md` in the agent folder (or the CLAUDE.md it falls back
 *   to, as pi), and a project's AGENTS.md.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { piFamilyContent } from "../pi/family.ts";
import { piExtensionHooks } from "../pi/hooks.ts";
import { ompAgentDir } from "./home.ts";

/** The omp adapter. */
export const adapter: HostAdapter = defineHost({
  id: "omp",
  name: "oh-my-pi",
  paradigm: "ts-plugin",
  factsFrom: "source",
  detect: { user: [ompAgentDir], project: [project(".omp")] },
  server: {
    paths: { user: ompAgentDir.join("mcp.json"), project: project(".omp", "mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: CLAUDE_ENV_REF,
    render: jsonServerRenderer({
      host: "oh-my-pi",
      remoteType: true,
      disabledField: "enabled",
      support: { cwd: true, timeout: true, disabled: true },
    }),
  },
  hooks: piExtensionHooks("omp", ompAgentDir, ".omp", {
    events: {
      UserPromptSubmit: {
        name: "input",
        approx: "typed prompts only: a headless `omp -p` run does not fire it for its prompt",
      },
    },
  }),
  ...piFamilyContent({
    name: "oh-my-pi",
    dir: ompAgentDir,
    folder: ".omp",
    commands: "commands",
  }),
  doctorNotes: [{
    text:
      "oh-my-pi loads extensions and MCP servers at startup: restart omp after an install or uninstall.",
    about: ["server", "hooks"],
  }],
});
