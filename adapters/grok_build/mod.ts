/**
 * Grok Build (xAI; xai-org/grok-build, bin `grok`). Facts from its source and
 * its user guide (`crates/codegen/xai-grok-pager/docs/user-guide/`); each
 * fact's source is in SOURCES.md.
 *
 * - Home `$GROK_HOME`, else `~/.grok`; a project's `.grok/`.
 * - MCP: `[mcp_servers.<id>]` in `config.toml` of each (the project's
 *   contributes MCP servers, plugins and permissions only). Grok expands
 *   `${VAR}` / `${VAR:-default}` itself.
 * - Hooks: JSON files in `hooks/` of each, `{hooks: {<Event>: [groups]}}`
 *   in Claude's nested shape; ours go to `hooks/agent-connector.json`.
 *   Twelve of our events (no PermissionRequest); Grok skips event names it
 *   does not know, so native hooks (PermissionDenied, StopFailure,
 *   StopCancelled) are safe to write. Project hooks run only in a trusted
 *   folder. Replies in Grok's own format (adapters/dialects/grok_build.ts).
 * - Commands (legacy `commands/*.md`), skills, agents under both folders;
 *   memory: the project's `AGENTS.md` and, for the user, a rules file in
 *   `$GROK_HOME/rules/`.
 * - Status line: `[ui.status_line] type = "command"`, `command`, optional
 *   `refresh_interval` (seconds) in the user's `config.toml` only (Grok reads
 *   it from no project layer).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_EVENTS } from "../claude_code/family.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { project } from "../paths.ts";
import { claudeCommand, claudeSubagent } from "../claude_code/content.ts";
import { standardSkill } from "../render/skill.ts";
import { grokHome } from "./home.ts";
import { grokServerEntry } from "./server.ts";

const at = (...name: string[]) => ({
  user: grokHome.join(...name),
  project: project(".grok", ...name),
});

// Claude's event names, each tool and subagent event filtered by a matcher;
// this host has no PermissionRequest.
const { PermissionRequest: _, ...EVENTS } = CLAUDE_EVENTS;

/** The Grok Build adapter. */
export const adapter: HostAdapter = defineHost({
  id: "grok-build",
  name: "Grok Build",
  paradigm: "json-stdio",
  detect: {
    // config.toml, not the folder: grok-cli shares ~/.grok (spec §6).
    user: [grokHome.join("config.toml"), grokHome.join("sessions")],
    project: [project(".grok", "config.toml"), project(".grok", "hooks")],
  },
  server: {
    paths: at("config.toml"),
    format: "toml",
    collection: { at: ["mcp_servers"] },
    transports: ["stdio", "http", "sse"],
    envRef: CLAUDE_ENV_REF,
    render: grokServerEntry,
  },
  hooks: {
    paths: at("hooks", "agent-connector.json"),
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: EVENTS,
    handler: (command) => ({ type: "command", command }),
    matchers: "claude",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: false },
  },
  commands: { paths: at("commands"), render: claudeCommand },
  skills: { paths: at("skills"), render: standardSkill("Grok Build") },
  subagents: { paths: at("agents"), render: claudeSubagent },
  memory: {
    paths: { user: grokHome.join("rules", "agent-connector.md"), project: project("AGENTS.md") },
  },
  statusline: {
    // xai-grok-status-line src/config.rs (StatusLineConfig); guide 25-status-line.md.
    paths: { user: grokHome.join("config.toml") },
    format: "toml",
    key: "ui.status_line",
    render: (command, options) => ({
      type: "command",
      command,
      ...(options.refreshInterval ? { refresh_interval: options.refreshInterval } : {}),
    }),
    supports: { refreshInterval: true },
    maxLines: 5,
  },
  doctorNotes: [
    {
      text:
        "Grok Build runs a project's hooks and MCP servers only once the folder is trusted (/hooks-trust or --trust)",
      scope: "project",
    },
    {
      text:
        "Grok Build also runs Claude Code's and Cursor's hook files; a connector installed for those hosts answers Grok too",
      about: "hooks",
    },
  ],
});
