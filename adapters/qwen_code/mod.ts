/**
 * Qwen Code (Alibaba; a Gemini CLI fork that took Claude's hook protocol).
 * Facts from HOSTS.md §11 and QwenLM/qwen-code docs/users/ (features/hooks.md,
 * features/memory.md, features/skills.md, features/sub-agents.md,
 * configuration/settings.md).
 *
 * - `QWEN_HOME` replaces `~/.qwen` ("Customizes the global configuration
 *   directory (default: ~/.qwen)"; a leading `~` is expanded).
 * - MCP: Gemini's entry shape (`url` = SSE, `httpUrl` = streamable HTTP,
 *   `$VAR`/`${VAR}` expanded in settings strings).
 * - Hooks: in settings.json, Claude's event names and nested groups — all
 *   13 normalized events fire; regex matchers; handler `timeout` in ms
 *   (default 60000, not written). Free-form event keys take `nativeHooks`
 *   (MessageDisplay, PermissionDenied, TodoCreated, …).
 * - Memory: `~/.qwen/QWEN.md` for the user; in a project Qwen reads AGENTS.md
 *   as well as QWEN.md, so the shared AGENTS.md takes the block (spec §2.4),
 *   unless `context.fileName` names other files.
 * - Status line: `ui.statusLine` in settings.json, command mode
 *   (features/status-line.md); its stdin is Claude-shaped plus
 *   `context_window.current_usage` (dialects/qwen.ts reads it).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { project } from "../paths.ts";
import { hookSwitchChecks } from "../render/hook_switches.ts";
import { CLAUDE_EVENTS } from "../claude_code/family.ts";
import { geminiFamily, geminiSettings } from "../gemini_cli/family.ts";
import { qwenSubagent } from "./content.ts";
import { qwenDir } from "./home.ts";

const member = { dir: qwenDir, folder: ".qwen" };

/**
 * The Qwen Code adapter: a Gemini CLI fork (settings, MCP entries, commands,
 * context file) that took Claude Code's hook events.
 */
export const adapter: HostAdapter = defineHost(fork(
  geminiFamily({ id: "qwen-code", name: "Qwen Code", ...member, memoryFile: "QWEN.md" }),
  {
    factsFrom: "source",
    detect: {
      user: [
        geminiSettings(member).user,
        qwenDir.join("oauth_creds.json"),
        qwenDir.join("installation_id"),
      ],
      project: [project(".qwen"), project("QWEN.md")],
    },
    hooks: {
      events: CLAUDE_EVENTS,
      powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
    },
    subagents: {
      paths: { user: qwenDir.join("agents"), project: project(".qwen", "agents") },
      render: qwenSubagent,
    },
    memory: { paths: { user: qwenDir.join("QWEN.md"), project: project("AGENTS.md") } },
    // docs/users/features/status-line.md "Command mode": `ui.statusLine`
    // `{type: "command", command, refreshInterval (s, >= 1),
    // respectUserColors, hideContextIndicator}`; JSON on stdin; at most two
    // rows shown. The preset mode (`type: "preset"`) runs no command.
    statusline: {
      paths: geminiSettings(member),
      key: "ui.statusLine",
      render: (command, options) => ({
        type: "command",
        command,
        ...(options.refreshInterval ? { refreshInterval: options.refreshInterval } : {}),
        ...(options.respectUserColors !== undefined
          ? { respectUserColors: options.respectUserColors }
          : {}),
        ...(options.hideContextIndicator !== undefined
          ? { hideContextIndicator: options.hideContextIndicator }
          : {}),
      }),
      supports: { refreshInterval: true, respectUserColors: true, hideContextIndicator: true },
      maxLines: 2,
    },
    doctorNotes: [
      {
        text: "Qwen Code runs project hooks only in a trusted folder",
        about: "hooks",
        scope: "project",
      },
    ],
    doctorChecks: hookSwitchChecks("Qwen Code", geminiSettings(member), [
      { at: ["disableAllHooks"], off: true },
    ]),
  },
));
