/**
 * OpenHands (the CLI and its SDK; open source). Facts from
 * OpenHands/OpenHands-CLI and OpenHands/software-agent-sdk (SOURCES.md):
 *
 * - MCP: `mcp.json` in the persistence folder (`~/.openhands`, moved by
 *   `$OPENHANDS_PERSISTENCE_DIR`; `openhands_cli/locations.py`,
 *   `mcp/mcp_utils.py`), read by FastMCP's `MCPConfig`: root `mcpServers`,
 *   stdio `{command, args, env, cwd}`, remote `{url, transport, headers}`
 *   with `transport` one of `http`/`streamable-http`/`sse`. No project file
 *   and no `${VAR}` expansion, so references go to serve.
 * - Hooks (`openhands/sdk/hooks/config.py`): the first of
 *   `<project>/.openhands/hooks.json` and `~/.openhands/hooks.json` that
 *   exists — one file, not merged. The top level is the event map, keys in
 *   snake_case (what `save()` writes; PascalCase is read too, but the same
 *   event in both spellings fails the whole file); `{matcher, hooks}` groups
 *   whose matcher is `*`, an exact tool name or a regex; handlers
 *   `{type: "command", command, timeout}` (seconds, default 60). Six events:
 *   PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, SessionEnd,
 *   Stop.
 * - Skills: `.agents/skills/<n>/SKILL.md` in a project, `~/.openhands/skills/`
 *   for the user (`openhands/sdk/skills/skill.py`). Memory: the project's
 *   `AGENTS.md`. No commands or subagents files.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { renamingEntryKey } from "../render/rename_key.ts";
import { skillRenderer } from "../render/content_files.ts";
import { openhandsDir, openhandsHome } from "./home.ts";

/** FastMCP's entry: the family's flat JSON, the remote `type` spelled `transport`. */
const renderOpenHandsServer = renamingEntryKey(
  jsonServerRenderer({ host: "OpenHands", remoteType: true, support: { cwd: true } }),
  "type",
  "transport",
);

/** The OpenHands adapter. */
export const adapter: HostAdapter = defineHost({
  id: "openhands",
  name: "OpenHands",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    user: [openhandsDir.join("agent_settings.json"), openhandsDir.join("mcp.json")],
    project: [project(".openhands")],
  },
  server: {
    paths: { user: openhandsDir.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    render: renderOpenHandsServer,
  },
  hooks: {
    paths: { user: openhandsHome.join("hooks.json"), project: project(".openhands", "hooks.json") },
    format: "json",
    at: [],
    layout: "nested-groups",
    events: {
      SessionStart: { name: "session_start" },
      SessionEnd: { name: "session_end" },
      UserPromptSubmit: { name: "user_prompt_submit" },
      PreToolUse: { name: "pre_tool_use", matcher: true },
      PostToolUse: { name: "post_tool_use", matcher: true },
      Stop: { name: "stop" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  skills: {
    paths: { user: openhandsHome.join("skills"), project: project(".agents", "skills") },
    render: skillRenderer("OpenHands"),
  },
  memory: { paths: { project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "OpenHands reads one hooks.json: a project's .openhands/hooks.json hides ~/.openhands/hooks.json",
      about: "hooks",
    },
    {
      text:
        "OpenHands rejects a hooks.json naming one event in both spellings (stop and Stop); we write snake_case",
      about: "hooks",
    },
  ],
});
