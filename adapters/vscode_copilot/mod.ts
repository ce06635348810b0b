/**
 * VS Code with GitHub Copilot Chat's agent. Facts from HOSTS.md §6 and
 * microsoft/vscode-docs (docs/agents/reference/{mcp-configuration,hooks-reference}.md,
 * docs/agent-customization/{hooks,custom-instructions,custom-agents,prompt-files}.md):
 *
 * - Detection: the VS Code user folder (`~/.config/Code/User`,
 *   `~/Library/Application Support/Code/User`, `%APPDATA%\Code\User`; a
 *   portable install keeps it in `$VSCODE_PORTABLE/user-data/User` —
 *   code.visualstudio.com/docs/editor/portable) or `~/.vscode/`; a project's
 *   `.vscode/`. Insiders (`Code - Insiders`) is not targeted. Runtime:
 *   `VSCODE_PID`; payloads carry snake_case `hook_event_name` +
 *   `session_id` + an ISO `timestamp` (vscode-copilot-chat@31acd00
 *   chatHookService.ts; camelCase before 2026-02-25), the shape Copilot CLI
 *   also sends for PascalCase events, so `hook vscode-copilot` trusts the
 *   command line (host.ts).
 * - MCP: the VS Code family's `mcp.json` (./family.ts) in the user folder
 *   and `.vscode/`; stdio also takes `cwd` and `envFile`.
 * - Hooks: `~/.copilot/hooks/*.json` (user) and `.github/hooks/*.json`
 *   (workspace); flat `{type:"command", command}` entries under PascalCase
 *   events; matchers are parsed but ignored, so the runtime filters. Eight
 *   events; no SessionEnd, Notification, PermissionRequest,
 *   PostToolUseFailure or PostCompact. Whether `"version": 1` is required
 *   *(verify)*: VS Code's examples omit it, Copilot CLI — which reads the
 *   same folders — rejects a file with a bad version, so it is written.
 * - VS Code also runs Claude Code's and Copilot CLI's hook files (hooks.md
 *   FAQ); the runtime answers such a call only when this connector has no
 *   entry of VS Code's own that VS Code reads (runtime_detect.ts).
 * - Content: prompt files `.github/prompts/<n>.prompt.md` (user: the
 *   profile's `prompts/`), skills `.github/skills` / `~/.copilot/skills`,
 *   custom agents `.github/agents/<n>.agent.md` / `~/.copilot/agents`.
 * - Memory: the workspace AGENTS.md (`chat.useAgentsMdFile`); for the user,
 *   our own `~/.copilot/instructions/agent-connector.instructions.md`, which
 *   VS Code applies to every request only with an `applyTo: "**"` header
 *   (custom-instructions.md "Instructions file locations"), so the file is
 *   created with it. Copilot CLI reads that folder too.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { appConfig, home, pathApi, pathFn, project } from "../paths.ts";
import { vscodeMcpServer } from "./family.ts";
import { agentFileRenderer, promptFileRenderer, skillRenderer } from "../render/content_files.ts";

/** VS Code's user folder: `$VSCODE_PORTABLE/user-data/User` when portable. */
const userFolder = pathFn((ctx) => {
  const portable = ctx.env.VSCODE_PORTABLE;
  return portable
    ? pathApi(ctx.os).join(pathApi(ctx.os).resolve(ctx.home, portable), "user-data", "User")
    : appConfig("Code", "User")(ctx);
});
const copilotHome = home(".copilot");
/** The frontmatter that makes an instructions file apply to every request. */
const APPLY_TO_ALL = '---\napplyTo: "**"\n---\n';
/** Our hook file: one per host, so hosts sharing a folder never edit one another's entries. */
const HOOK_FILE = "agent-connector.vscode-copilot.json";

/** The VS Code (GitHub Copilot) adapter. */
export const adapter: HostAdapter = defineHost({
  id: "vscode-copilot",
  name: "VS Code",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    user: [userFolder, home(".vscode")],
    project: [project(".vscode")],
  },
  server: vscodeMcpServer("VS Code", userFolder),
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
      SessionStart: { name: "SessionStart" },
      UserPromptSubmit: { name: "UserPromptSubmit" },
      PreToolUse: { name: "PreToolUse" },
      PostToolUse: { name: "PostToolUse" },
      PreCompact: { name: "PreCompact" },
      Stop: { name: "Stop" },
      SubagentStart: { name: "SubagentStart" },
      SubagentStop: { name: "SubagentStop" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "ignored",
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  commands: {
    paths: { user: userFolder.join("prompts"), project: project(".github", "prompts") },
    render: promptFileRenderer("VS Code"),
  },
  skills: {
    paths: { user: copilotHome.join("skills"), project: project(".github", "skills") },
    render: skillRenderer("VS Code"),
  },
  subagents: {
    paths: { user: copilotHome.join("agents"), project: project(".github", "agents") },
    render: agentFileRenderer("VS Code"),
  },
  memory: {
    paths: {
      user: copilotHome.join("instructions", "agent-connector.instructions.md"),
      project: project("AGENTS.md"),
    },
    // A user instructions file applies only with an `applyTo` header.
    place: ({ scope, defaultPath }) =>
      scope === "user" ? { target: defaultPath, head: APPLY_TO_ALL } : { target: defaultPath },
  },
  doctorNotes: [
    {
      text:
        "VS Code ignores hook matchers and also runs Claude Code's and Copilot CLI's hook files; agent-connector answers each VS Code event once, from VS Code's own entry when there is one.",
      about: "hooks",
    },
    {
      // User-scope memory goes to an instructions file, not AGENTS.md.
      text: "AGENTS.md is read while the chat.useAgentsMdFile setting is on (the default).",
      about: "memory",
      scope: "project",
    },
  ],
});
