/**
 * Cursor (Anysphere). Facts from HOSTS.md §4 unless noted:
 *
 * - Detection: `~/.cursor/` (mcp.json, hooks.json, cli-config.json) and a
 *   project's `.cursor/`. Runtime: `CURSOR_TRACE_ID`; a hook payload carries
 *   `cursor_version` (and `conversation_id` + `workspace_roots`).
 * - MCP: `~/.cursor/mcp.json` / `.cursor/mcp.json`, `mcpServers`; stdio
 *   `{command, args, env}`, remote `{url, headers}` with no `type`;
 *   references as `${env:VAR}` (cursor.com/docs/context/mcp "config
 *   interpolation"). No disabled flag, cwd or per-server timeout is
 *   documented, so those are reported.
 * - Hooks: `~/.cursor/hooks.json` / `.cursor/hooks.json`,
 *   `{"version":1,"hooks":{<camelEvent>:[{command, matcher?}]}}` — flat
 *   entries, regex matchers on the tool name for preToolUse/postToolUse.
 *   `sessionStart` was reported as "Unknown hook type" by some Cursor builds
 *   (forum t/149566, HOSTS.md trap 13, *(verify)*). Checked: Cursor's current
 *   hook list documents it (cursor.com/docs/hooks via syllago.dev's Cursor
 *   provider page; obra/superpowers#709 registers `sessionStart` for Cursor,
 *   2026-03), so it is written, and doctor notes the old-build caveat.
 *   No Notification, PermissionRequest or PostCompact event exists.
 *   `nativeHooks` names are written verbatim (its agent-only events such as
 *   `afterAgentResponse` or `beforeShellExecution`); an old build flags a
 *   name it does not know as an unknown hook type, as with `sessionStart`.
 * - Cursor also runs Claude Code's hook files when "third-party configs" is
 *   on (cursor.com/docs/reference/third-party-hooks); the runtime tells a
 *   Cursor payload from Claude's by `cursor_version`.
 * - Content: commands `.cursor/commands/<n>.md` (body only), skills
 *   `.cursor/skills/<n>/SKILL.md`, subagents `.cursor/agents/<n>.md`, each
 *   also under `~/.cursor/`.
 * - Memory: the project's AGENTS.md. Cursor's user rules live in its
 *   settings UI, not in a file, so user scope has none (spec §2.4).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { ENV_COLON_REF } from "../env_ref.ts";
import { home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { cursorCommand, cursorSubagent } from "./content.ts";

const userDir = home(".cursor");
const projectDir = project(".cursor");

/** The Cursor adapter. */
export const adapter: HostAdapter = defineHost({
  id: "cursor",
  name: "Cursor",
  paradigm: "json-stdio",
  // Closed source: facts from docs and runs of the host (SOURCES.md).
  factsFrom: "docs",
  detect: {
    user: [userDir],
    project: [projectDir],
  },
  server: {
    paths: { user: userDir.join("mcp.json"), project: projectDir.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: ENV_COLON_REF,
    render: jsonServerRenderer({ host: "Cursor" }),
  },
  hooks: {
    paths: { user: userDir.join("hooks.json"), project: projectDir.join("hooks.json") },
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    header: { version: 1 },
    events: {
      SessionStart: { name: "sessionStart" },
      SessionEnd: { name: "sessionEnd" },
      UserPromptSubmit: { name: "beforeSubmitPrompt" },
      PreToolUse: { name: "preToolUse", matcher: true },
      PostToolUse: { name: "postToolUse", matcher: true },
      PostToolUseFailure: { name: "postToolUseFailure" },
      PreCompact: { name: "preCompact" },
      Stop: { name: "stop" },
      SubagentStart: { name: "subagentStart" },
      SubagentStop: { name: "subagentStop" },
    },
    handler: (command) => ({ command }),
    matchers: "regex",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  commands: {
    paths: { user: userDir.join("commands"), project: projectDir.join("commands") },
    render: cursorCommand,
  },
  skills: {
    paths: { user: userDir.join("skills"), project: projectDir.join("skills") },
    render: skillRenderer("Cursor", { allowedTools: true }),
  },
  subagents: {
    paths: { user: userDir.join("agents"), project: projectDir.join("agents") },
    render: cursorSubagent,
  },
  memory: {
    paths: { project: project("AGENTS.md") },
  },
  doctorNotes: [
    {
      text:
        "Cursor builds before hooks GA rejected the sessionStart hook as an unknown type (forum t/149566); update Cursor if its hooks log shows that error.",
      event: "SessionStart",
    },
    {
      // In user scope the memory record itself is a `!` saying why.
      text:
        "Cursor keeps user rules in its settings UI; memory is written to the project's AGENTS.md only.",
      about: "memory",
      scope: "project",
    },
  ],
});
