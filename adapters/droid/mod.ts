/**
 * Droid (Factory; `@factory/cli`, bin `droid`). Facts from Droid 0.225.2's
 * own settings loader and schemas (read from the installed binary), the
 * lab's runs of it (notes/recipes/real-hosts.md) and Factory's docs; each
 * fact's source is in SOURCES.md.
 *
 * - Home `~/.factory` (`FACTORY_HOME_OVERRIDE` replaces the home it sits
 *   in); a project's `.factory/`.
 * - MCP: `mcpServers` in `mcp.json` of each; stdio, HTTP and SSE, with a
 *   `disabled` flag. No `${VAR}` expansion, so references go through serve.
 * - Hooks: `hooks.json` of each, whose top level is the event map (Droid's
 *   `/hooks` panel writes it; the older `settings.json` `hooks` key loses to
 *   it event by event). Claude's nested groups and replies for nine events —
 *   SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse,
 *   Notification, Stop, SubagentStop, PreCompact; the schema holds no other
 *   key, so there are no native hooks. No tool-output rewrites.
 * - Commands `commands/`, skills `skills/`, subagents ("droids") `droids/`;
 *   memory `AGENTS.md` (Droid also reads CLAUDE.md; measured).
 * - Actions: a script slash command each, `commands/<connector>-<action>.sh`
 *   (content.ts `droidActionScript`), run as `/<connector>-<action>`.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { standardSkill } from "../render/skill.ts";
import { droidActionScript, droidCommand, droidSubagent } from "./content.ts";
import { droidHookChecks } from "./doctor.ts";
import { factoryDir } from "./home.ts";
import { typedServerEntry } from "../render/server_entry.ts";

const at = (name: string) => ({ user: factoryDir.join(name), project: project(".factory", name) });

/** The Droid adapter. */
export const adapter: HostAdapter = defineHost({
  id: "droid",
  name: "Droid",
  paradigm: "json-stdio",
  detect: {
    user: [
      factoryDir.join("settings.json"),
      factoryDir.join("mcp.json"),
      factoryDir.join("sessions"),
    ],
    project: [project(".factory")],
  },
  server: {
    paths: at("mcp.json"),
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    // Droid 0.225.2's schema: a `disabled` flag, no cwd or timeout.
    render: typedServerEntry("Droid", { disabled: true }),
  },
  hooks: {
    paths: at("hooks.json"),
    format: "json",
    at: [],
    layout: "nested-groups",
    events: {
      SessionStart: { name: "SessionStart" },
      SessionEnd: { name: "SessionEnd" },
      UserPromptSubmit: { name: "UserPromptSubmit" },
      PreToolUse: { name: "PreToolUse", matcher: true },
      PostToolUse: { name: "PostToolUse", matcher: true },
      PreCompact: { name: "PreCompact" },
      Stop: { name: "Stop" },
      Notification: { name: "Notification" },
      SubagentStop: { name: "SubagentStop" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "claude",
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  commands: { paths: at("commands"), render: droidCommand },
  skills: { paths: at("skills"), render: standardSkill("Droid") },
  subagents: { paths: at("droids"), render: droidSubagent },
  memory: { paths: { user: factoryDir.join("AGENTS.md"), project: project("AGENTS.md") } },
  actions: {
    paths: at("commands"),
    format: "json",
    at: [],
    file: (connectorId, actionId) => `${connectorId}-${actionId}.sh`,
    invocation: "exec-file",
    affordance: "slash-command",
    render: droidActionScript,
  },
  doctorNotes: [
    {
      text: "Droid names MCP tools <server>___<tool> and offers them behind its ToolSearch tool; " +
        "a session's first search can miss a server still starting (0.225.2), a later one finds it",
      about: "server",
    },
  ],
  doctorChecks: droidHookChecks,
});
