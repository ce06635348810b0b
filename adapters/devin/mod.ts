/**
 * Devin CLI (Cognition; closed source). Facts from docs.devin.ai/cli
 * (SOURCES.md) and spec §6:
 *
 * - Config: `config.json` in the user folder (home.ts) and a project's
 *   `.devin/config.json` — JSON with comments; `.devin/config.local.json`
 *   is the personal, git-ignored layer we leave to the user. Both scopes
 *   take `mcpServers` and `hooks` (extensibility/configuration).
 * - MCP: stdio `{command, args, env}`; remote `{url, headers}`, streamable
 *   HTTP unless `"transport": "sse"` (extensibility/mcp/configuration).
 *   References are written `${env:VAR}` (spec §6).
 * - Hooks: under `hooks`, Claude Code's nested `{matcher, hooks}` groups
 *   with a regex matcher on `tool_name`; handler `{type: "command",
 *   command, timeout}` (seconds). Events PreToolUse, PostToolUse,
 *   PermissionRequest, UserPromptSubmit, Stop, SessionStart, SessionEnd
 *   (extensibility/hooks). A project's `.devin/hooks.v1.json` holds the same
 *   event map at its top level; we write the config file's `hooks` key so
 *   one file per scope carries all of ours.
 * - Skills `.devin/skills/<n>/SKILL.md`; memory `AGENTS.md`, user
 *   `~/.config/devin/AGENTS.md` (extensibility, extensibility/rules).
 *   Subagent profiles (`.devin/agents/<n>/AGENT.md`) have no documented
 *   field list, so subagents are reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { ENV_COLON_REF } from "../env_ref.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { renamingEntryKey } from "../render/rename_key.ts";
import { skillRenderer } from "../render/content_files.ts";
import { devinDir } from "./home.ts";

const config = { user: devinDir.join("config.json"), project: project(".devin", "config.json") };

/** The Devin CLI adapter. */
export const adapter: HostAdapter = defineHost({
  id: "devin",
  name: "Devin CLI",
  paradigm: "json-stdio",
  factsFrom: "docs",
  detect: { user: [devinDir], project: [project(".devin")] },
  server: {
    paths: config,
    format: "jsonc",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: ENV_COLON_REF,
    render: renamingEntryKey(
      jsonServerRenderer({ host: "Devin CLI", remoteType: { sse: "sse" } }),
      "type",
      "transport",
    ),
  },
  hooks: {
    paths: config,
    format: "jsonc",
    at: ["hooks"],
    layout: "nested-groups",
    events: {
      SessionStart: { name: "SessionStart" },
      SessionEnd: { name: "SessionEnd" },
      UserPromptSubmit: { name: "UserPromptSubmit" },
      PreToolUse: { name: "PreToolUse", matcher: true },
      PostToolUse: { name: "PostToolUse", matcher: true },
      PermissionRequest: { name: "PermissionRequest", matcher: true },
      Stop: { name: "Stop" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  skills: {
    paths: { project: project(".devin", "skills") },
    render: skillRenderer("Devin CLI"),
  },
  memory: { paths: { user: devinDir.join("AGENTS.md"), project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "Devin CLI also runs the hooks in a project's .claude/ settings: a connector installed for Claude Code and Devin runs twice there",
      about: "hooks",
      scope: "project",
    },
  ],
});
