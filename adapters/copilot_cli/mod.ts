/**
 * GitHub Copilot CLI. Facts from HOSTS.md §7 and github/docs
 * (content/copilot/reference/hooks-reference.md, cli-config-dir-reference.md),
 * with the *(verify)* items checked:
 *
 * - Home: `~/.copilot`, moved by `COPILOT_HOME` (hooks-reference.md: "If
 *   COPILOT_HOME is set, it is $COPILOT_HOME/hooks/"; github/copilot-cli#1954
 *   confirms `XDG_CONFIG_HOME` is no longer honored). Detection uses files
 *   the CLI itself creates there (`config.json`, `settings.json`,
 *   `session-state/`, `mcp-config.json`) — not the bare folder, which VS Code
 *   installs write into too — and a project's `.github/copilot/` or
 *   `.github/mcp.json`; `.github/` alone is no evidence.
 * - MCP: user `$COPILOT_HOME/mcp-config.json`, project `.github/mcp.json`
 *   (`copilot mcp --help`: "Workspace .mcp.json or .github/mcp.json",
 *   quoted in github/copilot-cli#4832; maintainer reply in
 *   github/copilot-cli#2938; `.mcp.json` is Claude Code's file, so we use
 *   `.github/mcp.json`; workspace servers load after folder trust). Root
 *   `mcpServers`; stdio `{type:"local", command, args, env, tools}`, remote
 *   `{type:"http"|"sse", url, headers, tools}`. The CLI expands `$VAR`,
 *   `${VAR}` and `${VAR:-default}` in the `env` block (since v1.0.10,
 *   maintainer reply in github/copilot-cli#903) — written there in that
 *   syntax, since the CLI hands servers only "safe" variables of its own
 *   environment — and nowhere else documented, so references in args go to
 *   `serve` and a remote header that needs one is reported.
 * - Hooks: `$COPILOT_HOME/hooks/*.json` / `.github/hooks/*.json`,
 *   `{"version":1,"hooks":{<lowerCamel event>:[{type, bash, powershell,
 *   timeoutSec}]}}`. Registering lowerCamel names selects the camelCase
 *   payload (trap 9); replies are flat. Matchers are regexes anchored as
 *   `^(?:…)$` on preToolUse, postToolUse, permissionRequest and
 *   subagentStart. No PostCompact event exists. `nativeHooks` names (such
 *   as `errorOccurred`) are written verbatim: measured with 1.0.102, a hook
 *   file that also names an event the CLI does not know still runs its
 *   known events.
 * - The CLI also runs VS Code's `.github/hooks` files and Claude Code's
 *   project `.claude/settings*.json` hooks (hooks-reference.md "Hooks
 *   locations") with VS Code's snake_case payload; the runtime tells such a
 *   call from VS Code's by the `COPILOT_HOOK_DIR` its hook runner sets
 *   (runtime_detect.ts `isCopilotCliSnakeCall`).
 * - Content: no prompt-file commands; skills `$COPILOT_HOME/skills` /
 *   `.github/skills`; custom agents `$COPILOT_HOME/agents/<n>.agent.md` /
 *   `.github/agents`.
 * - Memory: the project's AGENTS.md; user `$COPILOT_HOME/copilot-instructions.md`
 *   (cli-config-dir-reference.md, spec §2.4).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { project } from "../paths.ts";
import { copilotHome } from "./home.ts";
import { allTools } from "../render/server_entry.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { agentFileRenderer, skillRenderer } from "../render/content_files.ts";
import { copilotHookEntry } from "../render/hook_entries.ts";

/** Our hook file: one per host, so hosts sharing a folder never edit one another's entries. */
const HOOK_FILE = "agent-connector.copilot-cli.json";

/** The Copilot CLI adapter. */
export const adapter: HostAdapter = defineHost({
  id: "copilot-cli",
  name: "Copilot CLI",
  paradigm: "json-stdio",
  // Closed source: facts from docs and runs of the host (SOURCES.md).
  factsFrom: "docs",
  detect: {
    user: [
      copilotHome.join("config.json"),
      copilotHome.join("settings.json"),
      copilotHome.join("session-state"),
      copilotHome.join("mcp-config.json"),
    ],
    project: [project(".github", "copilot"), project(".github", "mcp.json")],
  },
  server: {
    paths: {
      user: copilotHome.join("mcp-config.json"),
      project: project(".github", "mcp.json"),
    },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: CLAUDE_ENV_REF,
    envRefScope: "env",
    render: jsonServerRenderer({
      host: "Copilot CLI",
      stdioType: "local",
      remoteType: true,
      // `tools` lists the tools to enable; there is no exclude list.
      extra: (server) => ({
        fields: { tools: allTools(server.tools) ? ["*"] : server.tools?.include ?? ["*"] },
        dropped: server.tools?.exclude?.length
          ? [{ field: "server.tools.exclude", reason: "Copilot CLI lists enabled tools only" }]
          : [],
      }),
    }),
  },
  hooks: {
    paths: {
      user: copilotHome.join("hooks", HOOK_FILE),
      project: project(".github", "hooks", HOOK_FILE),
    },
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    header: { version: 1 },
    events: {
      SessionStart: { name: "sessionStart" },
      SessionEnd: { name: "sessionEnd" },
      UserPromptSubmit: { name: "userPromptSubmitted" },
      PreToolUse: { name: "preToolUse", matcher: true },
      PostToolUse: { name: "postToolUse", matcher: true },
      PostToolUseFailure: { name: "postToolUseFailure" },
      PreCompact: { name: "preCompact" },
      Stop: { name: "agentStop" },
      Notification: { name: "notification" },
      PermissionRequest: { name: "permissionRequest", matcher: true },
      SubagentStart: { name: "subagentStart", matcher: true },
      SubagentStop: { name: "subagentStop" },
    },
    handler: copilotHookEntry,
    matchers: "anchored-regex",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
  },
  skills: {
    paths: { user: copilotHome.join("skills"), project: project(".github", "skills") },
    render: skillRenderer("Copilot CLI"),
  },
  subagents: {
    paths: { user: copilotHome.join("agents"), project: project(".github", "agents") },
    render: agentFileRenderer("Copilot CLI"),
  },
  memory: {
    paths: { user: copilotHome.join("copilot-instructions.md"), project: project("AGENTS.md") },
  },
  doctorNotes: [
    {
      text: "Copilot CLI loads .github/mcp.json only after you trust the folder.",
      about: "server",
      scope: "project",
    },
    {
      text:
        "Copilot CLI drops the output of userPromptSubmitted command hooks: a UserPromptSubmit handler can observe prompts but not block or extend them.",
      event: "UserPromptSubmit",
    },
  ],
});
