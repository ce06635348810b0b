/**
 * CodeBuddy Code (Tencent; `@tencent-ai/codebuddy-code`, bin `codebuddy`), a
 * Claude Code fork: the Claude family preset under `.codebuddy` with
 * `CODEBUDDY.md`, and what differs. Each fact's source is in SOURCES.md.
 *
 * - MCP: `mcpServers` in `~/.codebuddy.json` (user) and the project's
 *   `.mcp.json` — the same project file Claude Code reads; stdio, SSE and
 *   streamable HTTP. Project servers wait for the user's approval.
 * - Hooks: Claude's nested groups in `settings.json`, and only Claude's nine
 *   original events (SessionStart, SessionEnd, UserPromptSubmit, PreToolUse,
 *   PostToolUse, Notification, Stop, SubagentStop, PreCompact); matchers
 *   filter PreToolUse and PostToolUse only. Other event keys pass through as
 *   `nativeHooks` (the hooks page lists CodeBuddy). Edits made outside the
 *   `/hooks` panel apply once reviewed there.
 * - Commands, skills, agents in `.codebuddy/`; memory `CODEBUDDY.md`; a
 *   command `statusLine` in settings.json (no refresh interval documented).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { project } from "../paths.ts";
import { CLAUDE_EVENTS, claudeFamily } from "../claude_code/family.ts";
import { codebuddyDir, codebuddyJson } from "./home.ts";
import { typedServerEntry } from "../render/server_entry.ts";

const base = claudeFamily({
  id: "codebuddy",
  name: "CodeBuddy Code",
  dir: codebuddyDir,
  folder: ".codebuddy",
  memoryFile: "CODEBUDDY.md",
});

const tool = (name: "PreToolUse" | "PostToolUse") => ({ name, matcher: true });

/** The CodeBuddy Code adapter: the Claude Code family preset, with its MCP files and nine events. */
export const adapter: HostAdapter = defineHost(fork(base, {
  detect: {
    user: [codebuddyDir, codebuddyJson],
    project: [project(".codebuddy"), project("CODEBUDDY.md")],
  },
  server: {
    paths: { user: codebuddyJson, project: project(".mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    // No timeout, cwd or disabled field is documented (codebuddy.ai/docs/cli/mcp).
    render: typedServerEntry("CodeBuddy Code", {}),
  },
  hooks: {
    events: {
      SessionStart: CLAUDE_EVENTS.SessionStart,
      SessionEnd: CLAUDE_EVENTS.SessionEnd,
      UserPromptSubmit: CLAUDE_EVENTS.UserPromptSubmit,
      PreToolUse: tool("PreToolUse"),
      PostToolUse: tool("PostToolUse"),
      PreCompact: CLAUDE_EVENTS.PreCompact,
      Stop: CLAUDE_EVENTS.Stop,
      Notification: CLAUDE_EVENTS.Notification,
      SubagentStop: { name: "SubagentStop" },
    },
    matchers: "claude",
  },
  statusline: {
    render: (command) => ({ type: "command", command }),
    supports: {},
  },
  doctorNotes: [
    {
      text:
        "CodeBuddy Code applies hooks edited outside its /hooks panel only after you review them there",
      about: "hooks",
    },
    {
      text: "CodeBuddy Code asks before it starts a project .mcp.json server the first time",
      about: "server",
      scope: "project",
    },
  ],
}));
