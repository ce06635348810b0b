/**
 * Cline: the VS Code extension (apps/vscode) and the CLI (built on the SDK,
 * sdk/packages). Facts from HOSTS.md §10 and cline/cline at
 * 21cb8d2525bcedf1f4b6890b27a74a14fe7451e4 (adapters/cline/SOURCES.md):
 *
 * - Detection: Cline's folder `$CLINE_DIR` (else `~/.cline`) or
 *   `<Documents>/Cline`, Documents found as the extension finds it
 *   (documents.ts: `xdg-user-dir` on Linux) or as the CLI does
 *   (`~/Documents`); a project's `.clinerules` or `.cline/`.
 * - MCP, global only: `cline_mcp_settings.json` at `$CLINE_MCP_SETTINGS_PATH`,
 *   else `$CLINE_DATA_DIR/settings/`, else `<CLINE_DIR>/data/settings/` —
 *   the file the CLI and current extensions share; the extension's old
 *   VS Code globalStorage copy is migrated from there (cline sdk
 *   `storage/paths.ts` resolveMcpSettingsPath). Root `mcpServers`; stdio
 *   `{command, args, env, cwd, disabled, timeout}` (seconds), remote
 *   `{type: "streamableHttp"|"sse", url, headers}`
 *   (sdk/packages/core/src/extensions/mcp/config-loader.ts;
 *   apps/vscode/src/services/mcp/schemas.ts). No references are expanded,
 *   so `serve` resolves them. A project install registers no server: one `!`.
 * - Hooks: one executable per event named after it, in `.clinerules/hooks/`
 *   or `<Documents>/Cline/Hooks/` (`<Event>.ps1` on Windows); script.ts. Both
 *   runtimes read those folders (apps/vscode/src/core/storage/disk.ts
 *   `getAllHooksDirs`; sdk/packages/shared/src/storage/paths.ts
 *   `resolveHooksConfigSearchPaths`), but honour different things:
 *   - the extension wires TaskStart, UserPromptSubmit, PreToolUse,
 *     PostToolUse, TaskComplete and TaskCancel; TaskResume and PreCompact
 *     are "deferred (not wired)" (apps/vscode/src/sdk/hooks-adapter.ts
 *     header). TaskStart and UserPromptSubmit act on `cancel` only, their
 *     `contextModification` is dropped (`runTaskStart`,
 *     `runUserPromptSubmit`); PreToolUse and PostToolUse take `cancel` and
 *     context; there is no input rewrite.
 *   - the CLI maps the files onto its own events (hook-file-config.ts
 *     `HOOK_CONFIG_FILE_EVENT_MAP`: TaskStart → agent_start, TaskResume →
 *     agent_resume, TaskCancel → agent_abort, TaskComplete → agent_end,
 *     PreToolUse → tool_call, PostToolUse → tool_result, UserPromptSubmit →
 *     prompt_submit, PreCompact → none). Only tool_call and tool_result are
 *     blocking and read their reply (`cancel`, `context` or
 *     `contextModification`, and on tool_call `overrideInput`, which
 *     replaces the tool input); the others run detached and their output is
 *     never read, so a UserPromptSubmit cancel is ignored there
 *     (sdk/packages/core/src/hooks/hook-file-hooks.ts
 *     `createHookConfigFileHooks`).
 *   The descriptor states what both honour; the doctor notes name the
 *   difference. One file per event and folder means one connector per
 *   event: a second connector's script for the same event is a reported
 *   conflict, never an overwrite.
 * - Content: workflows `.clinerules/workflows/<n>.md` /
 *   `<Documents>/Cline/Workflows/` (slash commands, plain Markdown); skills
 *   `.cline/skills/` / `<CLINE_DIR>/skills/`; the CLI's configured agents
 *   `.cline/agents/<n>.yaml` / `<CLINE_DIR>/agents/` (agents.ts).
 * - `<Documents>`: the extension finds it with `xdg-user-dir` on Linux, the
 *   CLI always reads `~/Documents` (documents.ts). Where the two differ, a
 *   user install writes hooks and workflows into both, and rules into
 *   `~/Documents/Cline/Rules` too unless the CLI reads the extension's
 *   folder already (it reads `~/Cline/Rules`); one folder when they agree.
 * - Memory: the dedicated rules file `agent-connector.md` in
 *   `.clinerules/` or `<Documents>/Cline/Rules/` (spec §2.4); Cline applies
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
import { clineAgentFile } from "./agents.ts";
import {
  cliDocuments,
  clineBothDocuments,
  clineDocuments,
  clineRulesFolders,
} from "./documents.ts";

const clineDir = envDir("CLINE_DIR", home(".cline"));
const dataDir = envDir("CLINE_DATA_DIR", clineDir.join("data"));
const rulesDir = project(".clinerules");

/** The Cline adapter. */
export const adapter: HostAdapter = defineHost({
  id: "cline",
  name: "Cline",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    user: [clineDir, clineDocuments("Cline"), cliDocuments("Cline")],
    project: [rulesDir, project(".cline")],
  },
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
      support: { cwd: true, disabled: true, timeout: true },
      timeoutUnit: "s",
    }),
  },
  hooks: {
    layout: "script-per-event",
    paths: { user: clineBothDocuments("Hooks"), project: rulesDir.join("hooks") },
    events: {
      SessionStart: {
        name: "TaskStart",
        also: ["TaskResume"],
        approx:
          "Cline drops its context (the extension, which fires no TaskResume) or never reads it (the CLI)",
      },
      SessionEnd: { name: "TaskCancel", approx: "Cline fires it only when a task is cancelled" },
      UserPromptSubmit: {
        name: "UserPromptSubmit",
        approx: "only the extension acts on a block, and neither adds context",
      },
      PreToolUse: { name: "PreToolUse" },
      PostToolUse: { name: "PostToolUse" },
      Stop: {
        name: "TaskComplete",
        approx: "it fires when a task completes, not after every turn",
      },
    },
    unfired: {
      PreCompact:
        "neither Cline runtime runs a PreCompact hook (the extension leaves it unwired, the CLI maps it to no event)",
    },
    matchers: "ignored",
    // The CLI applies overrideInput; the extension has no input rewrite (doctor note).
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: false },
    script: (input) => clineHookScript(input.native, input.command, input.connectorId, input.os),
  },
  commands: {
    paths: { user: clineBothDocuments("Workflows"), project: rulesDir.join("workflows") },
    // Both runtimes append the text after `/<name>` to the workflow's text
    // (sdk/packages/core/src/extensions/config/runtime-commands.ts
    // `resolveRuntimeSlashCommandFromWatcher`): no placeholder.
    render: promptMarkdownRenderer({ host: "Cline", appendsArguments: true }),
  },
  skills: {
    paths: { user: clineDir.join("skills"), project: project(".cline", "skills") },
    render: skillRenderer("Cline"),
  },
  subagents: {
    paths: { user: clineDir.join("agents"), project: project(".cline", "agents") },
    render: clineAgentFile,
  },
  memory: {
    paths: {
      user: clineRulesFolders().join("agent-connector.md"),
      project: rulesDir.join("agent-connector.md"),
    },
  },
  doctorNotes: [
    {
      text:
        "Cline's CLI runs TaskStart, TaskResume, UserPromptSubmit, TaskComplete and TaskCancel hooks without reading their reply: only PreToolUse and PostToolUse can block or add context there.",
      about: "hooks",
    },
    {
      text:
        "Cline's extension drops the context of TaskStart and UserPromptSubmit hooks, never fires TaskResume, and ignores a PreToolUse input rewrite, which only the CLI applies.",
      about: "hooks",
    },
  ],
});
