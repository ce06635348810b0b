/**
 * Amp (Sourcegraph; npm `@sourcegraph/amp` → `@ampcode/cli`, a compiled
 * binary, closed source). Facts from the CLI itself (`amp --help`, `amp
 * plugins show-docs`, `amp mcp list` in runs of 0.0.1790142911) and
 * ampcode.com docs, cited per fact in SOURCES.md:
 *
 * - Detection: the config folder `$XDG_CONFIG_HOME/amp` (else
 *   `~/.config/amp`); a project's `.amp/`.
 * - MCP: the one flat, dotted key `"amp.mcpServers"` in the JSONC settings
 *   file (`$AMP_SETTINGS_FILE`, else `<config>/settings.json`) or a
 *   project's `.amp/settings.json` (workspace servers wait for `amp mcp
 *   approve`). Entries `{command, args, env}` or `{url, headers}`; `${VAR}`
 *   references expand.
 * - Hooks: ts-plugin. One generated TypeScript plugin per connector in
 *   `<config>/plugins/` or `.amp/plugins/` (plugin.ts). Events
 *   (`PluginEventMap`): `session.start`, `tool.call`, `tool.result`,
 *   `agent.start`, `agent.end`. A prompt cannot be blocked (agent.start only
 *   appends), so a deny there arrives as context; no compaction,
 *   notification, permission, session-end or subagent event. `nativeHooks`
 *   names any `PluginEventMap` event verbatim (`amp plugins show-docs`,
 *   e.g. `changes.prompt`): `amp.on(<name>)`, the reply as its result.
 * - Skills: `.agents/skills/<name>/SKILL.md` and `~/.config/agents/skills`.
 * - Memory: AGENTS.md in the project, `<config>/AGENTS.md` for the user.
 * - Actions: the plugin API has `amp.registerCommand` (a command-palette
 *   entry); the generated plugin does not register actions yet, so each
 *   action is reported with its dispatch command.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { project, xdgConfig } from "../paths.ts";
import { skillRenderer } from "../render/content_files.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { ampConfig, ampSettings } from "./home.ts";
import { ampPluginFileName, renderAmpPlugin } from "./plugin.ts";

/** The Amp adapter. */
export const adapter: HostAdapter = defineHost({
  id: "amp",
  name: "Amp",
  paradigm: "ts-plugin",
  factsFrom: "docs",
  detect: { user: [ampConfig], project: [project(".amp")] },
  server: {
    paths: { user: ampSettings, project: project(".amp", "settings.json") },
    format: "jsonc",
    collection: { at: ["amp.mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: DOLLAR_BRACE_REF,
    render: jsonServerRenderer({ host: "Amp" }),
  },
  hooks: {
    layout: "plugin-module",
    paths: { user: ampConfig.join("plugins"), project: project(".amp", "plugins") },
    events: {
      SessionStart: {
        name: "session.start",
        approx: "its context reaches the model with the thread's first prompt",
      },
      UserPromptSubmit: {
        name: "agent.start",
        approx: "context only: Amp cannot stop a prompt, so a deny arrives as context",
      },
      PreToolUse: { name: "tool.call", matcher: true },
      PostToolUse: { name: "tool.result", matcher: true },
      PostToolUseFailure: {
        name: "tool.result",
        matcher: true,
        approx: "tool.result with status error",
      },
      Stop: { name: "agent.end" },
    },
    matchers: "claude",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    module: (input) => ({
      name: ampPluginFileName(input.connectorId),
      text: renderAmpPlugin(input),
    }),
  },
  skills: {
    paths: { user: xdgConfig("agents", "skills"), project: project(".agents", "skills") },
    render: skillRenderer("Amp"),
  },
  memory: { paths: { user: ampConfig.join("AGENTS.md"), project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "Amp loads plugins at start: run `plugins: reload` from the command palette, or restart Amp, after an install.",
      about: "hooks",
    },
    {
      text:
        "Amp starts a project's .amp/settings.json servers only once approved: run `amp mcp approve <name>`.",
      about: "server",
      scope: "project",
    },
  ],
});
