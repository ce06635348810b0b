/**
 * Kiro (AWS; the Kiro CLI and IDE). Facts, each with its source in
 * SOURCES.md beside this file; Kiro is closed source, so they come from
 * kiro.dev docs and from the open-source Amazon Q Developer CLI that the
 * Kiro CLI grew out of:
 *
 * - Detection: `~/.kiro` (home.ts) and a project's `.kiro/`.
 * - MCP: `mcpServers` in `~/.kiro/settings/mcp.json` and
 *   `.kiro/settings/mcp.json`; stdio `{command, args, env, disabled}`,
 *   remote `{url, headers}`. No env interpolation is documented, so serve
 *   resolves references at launch.
 * - Hooks live in an agent's JSON, under `hooks` keyed by trigger, flat
 *   `{command, matcher?}` entries. They run only for the agent in use, so
 *   they go into `kiro_default.json`, the file that replaces Kiro's
 *   built-in default agent; created by us, it starts with what that agent
 *   needs to keep working — every tool, the MCP file, the default context
 *   files — and loses those keys again on uninstall. Triggers: agentSpawn,
 *   userPromptSubmit, preToolUse, postToolUse, stop. Kiro matchers are
 *   globs with `@server` forms, not regexes, so none is written and the
 *   hook entrypoint filters. Replies are exit codes (dialect.ts).
 * - Steering (memory): the dedicated `~/.kiro/steering/agent-connector.md`
 *   (spec §2.4); in a project, the AGENTS.md Kiro reads.
 * - Prompts (`@name` in chat): `~/.kiro/prompts/<n>.md`, `.kiro/prompts/`.
 *   Skills: `~/.kiro/skills/`, `.kiro/skills/`. Subagents: agent JSON in
 *   `~/.kiro/agents/`, `.kiro/agents/` (content.ts).
 * - Actions: one user-triggered hook file per action in the project's
 *   `.kiro/hooks/` (`<connector>-<action>.kiro.hook`, `when.type:
 *   "userTriggered"`, `then.type: "runCommand"`), run from the IDE's Agent
 *   Hooks panel. No user-level folder is documented.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { agentJsonRenderer, kiroActionHook } from "./content.ts";
import { agentHookSurface } from "./family.ts";
import { kiroDir } from "./home.ts";

/** The agent file whose hooks run in every default session. */
export const KIRO_DEFAULT_AGENT = "kiro_default";

const projectDir = project(".kiro");

/** The Kiro adapter. */
export const adapter: HostAdapter = defineHost({
  id: "kiro",
  name: "Kiro",
  paradigm: "json-stdio",
  detect: { user: [kiroDir], project: [projectDir] },
  server: {
    paths: {
      user: kiroDir.join("settings", "mcp.json"),
      project: projectDir.join("settings", "mcp.json"),
    },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http"],
    render: jsonServerRenderer({ host: "Kiro", support: { disabled: true } }),
  },
  hooks: agentHookSurface(
    {
      user: kiroDir.join("agents", `${KIRO_DEFAULT_AGENT}.json`),
      project: projectDir.join("agents", `${KIRO_DEFAULT_AGENT}.json`),
    },
    {
      name: KIRO_DEFAULT_AGENT,
      description: "Default agent",
      tools: ["*"],
      resources: ["file://AGENTS.md", "file://README.md", "file://.kiro/steering/**/*.md"],
      includeMcpJson: true,
    },
  ),
  commands: {
    paths: { user: kiroDir.join("prompts"), project: projectDir.join("prompts") },
    render: promptMarkdownRenderer({ host: "Kiro" }),
  },
  skills: {
    paths: { user: kiroDir.join("skills"), project: projectDir.join("skills") },
    render: skillRenderer("Kiro"),
  },
  subagents: {
    paths: { user: kiroDir.join("agents"), project: projectDir.join("agents") },
    render: agentJsonRenderer("Kiro"),
  },
  memory: {
    paths: { user: kiroDir.join("steering", "agent-connector.md"), project: project("AGENTS.md") },
  },
  actions: {
    paths: { project: projectDir.join("hooks") },
    format: "json",
    at: [],
    file: (connectorId, actionId) => `${connectorId}-${actionId}.kiro.hook`,
    invocation: "manual-hook",
    affordance: "hook-panel",
    render: kiroActionHook,
  },
  doctorNotes: [
    {
      text:
        "Kiro runs agent hooks only for the agent in use: they are in kiro_default.json, so a session started with --agent <other> or chat.defaultAgent runs none of them.",
      about: "hooks",
    },
    {
      text:
        "Kiro hooks answer only with exit codes: exit 2 blocks preToolUse; agentSpawn and userPromptSubmit output becomes context.",
      about: "hooks",
    },
  ],
});
