/**
 * Cline (VS Code extension and CLI). Facts from HOSTS.md §10 and
 * cline/cline:
 *
 * - Detection: Cline's folder `$CLINE_DIR` (else `~/.cline`) or
 *   `~/Documents/Cline`; a project's `.clinerules` or `.cline/`.
 * - MCP, global only: `cline_mcp_settings.json` at `$CLINE_MCP_SETTINGS_PATH`,
 *   else `$CLINE_DATA_DIR/settings/`, else `<CLINE_DIR>/data/settings/` —
 *   the file the CLI and current extensions share; the extension's old
 *   VS Code globalStorage copy is migrated from there (cline sdk
 *   `storage/paths.ts` resolveMcpSettingsPath). Root `mcpServers`; stdio
 *   `{command, args, env, disabled, timeout}` (seconds), remote `{type:
 *   "streamableHttp"|"sse", url, headers}` *(verify the type literal:
 *   HOSTS.md §10b)*. No references are expanded, so `serve` resolves them.
 *   A project install registers no server: one `!`.
 * - Hooks (docs.cline.bot/features/hooks; `src/core/hooks/utils.ts`): one
 *   executable per event named after it, in `.clinerules/hooks/` or
 *   `~/Documents/Cline/Hooks/` (`<Event>.ps1` on Windows); script.ts. The
 *   eight hook types are TaskStart, TaskResume, TaskCancel, TaskComplete,
 *   PreToolUse, PostToolUse, UserPromptSubmit, PreCompact. One file per
 *   event and folder means one connector per event: a second connector's
 *   script for the same event is a reported conflict, never an overwrite.
 * - Content: workflows `.clinerules/workflows/<n>.md` /
 *   `~/Documents/Cline/Workflows/` (slash commands, plain Markdown); skills
 *   `.cline/skills/` / `<CLINE_DIR>/skills/`.
 * - Memory: the dedicated rules file `agent-connector.md` in
 *   `.clinerules/` or `~/Documents/Cline/Rules/` (spec §2.4); Cline applies
 *   every rules file without frontmatter.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { envDir, home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { clineHookScript } from "./script.ts";

const clineDir = envDir("CLINE_DIR", home(".cline"));
const dataDir = envDir("CLINE_DATA_DIR", clineDir.join("data"));
const documents = home("Documents", "Cline");
const rulesDir = project(".clinerules");

/** The Cline adapter. */
export const adapter: HostAdapter = defineHost({
  id: "cline",
  name: "Cline",
  paradigm: "json-stdio",
  detect: { user: [clineDir, documents], project: [rulesDir, project(".cline")] },
  server: {
    paths: {
      user: envDir("CLINE_MCP_SETTINGS_PATH", dataDir.join("settings", "cline_mcp_settings.json")),
    },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    render: jsonServerRenderer({
      host: "Cline",
      remoteType: { http: "streamableHttp", sse: "sse" },
      support: { disabled: true, timeout: true },
      timeoutUnit: "s",
    }),
  },
  hooks: {
    layout: "script-per-event",
    paths: { user: documents.join("Hooks"), project: rulesDir.join("hooks") },
    events: {
      SessionStart: { name: "TaskStart", also: ["TaskResume"] },
      SessionEnd: { name: "TaskCancel", approx: "Cline fires it only when a task is cancelled" },
      UserPromptSubmit: { name: "UserPromptSubmit" },
      PreToolUse: { name: "PreToolUse" },
      PostToolUse: { name: "PostToolUse" },
      PreCompact: { name: "PreCompact" },
      Stop: {
        name: "TaskComplete",
        approx: "it fires when a task completes, not after every turn",
      },
    },
    matchers: "ignored",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: true },
    script: (input) => clineHookScript(input.native, input.command, input.connectorId, input.os),
  },
  commands: {
    paths: { user: documents.join("Workflows"), project: rulesDir.join("workflows") },
    render: promptMarkdownRenderer({ host: "Cline" }),
  },
  skills: {
    paths: { user: clineDir.join("skills"), project: project(".cline", "skills") },
    render: skillRenderer("Cline"),
  },
  memory: {
    paths: {
      user: documents.join("Rules", "agent-connector.md"),
      project: rulesDir.join("agent-connector.md"),
    },
  },
});
