/**
 * Gemini CLI (Google). Facts from HOSTS.md §5 and google-gemini/gemini-cli
 * docs (tools/mcp-server.md, hooks/reference.md, cli/custom-commands.md,
 * cli/skills.md, core/subagents.md, reference/configuration.md).
 *
 * - `GEMINI_CLI_HOME` replaces the home directory Gemini puts `.gemini/`
 *   under (packages/core/src/utils/paths.ts `homedir()`, v0.39: "If
 *   GEMINI_CLI_HOME environment variable is set, it returns its value";
 *   HOSTS.md marked this *(verify)*).
 * - Settings are JSON with comments; MCP servers and hooks share
 *   settings.json. `url` = SSE, `httpUrl` = streamable HTTP, timeouts in ms,
 *   `$VAR`/`${VAR}` expanded in settings strings.
 * - Hooks: BeforeAgent / BeforeTool / AfterTool / AfterAgent / PreCompress
 *   are the normalized UserPromptSubmit / PreToolUse / PostToolUse / Stop /
 *   PreCompact; regex matchers on tool events only. No PermissionRequest,
 *   PostToolUseFailure, SubagentStart/Stop or PostCompact event.
 *   AfterModel, BeforeModel and BeforeToolSelection are reachable through
 *   `nativeHooks` (settings keys are free-form event names).
 * - Memory: GEMINI.md unless `context.fileName` says otherwise (probed,
 *   never changed).
 * - Detection: Antigravity also keeps its files under `~/.gemini/`, so the
 *   folder alone is not Gemini CLI; the files Gemini CLI writes are.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { envDir, home, project } from "../paths.ts";
import { placeByContextFileName } from "../render/context_file.ts";
import { hookSwitchChecks } from "../render/hook_switches.ts";
import { geminiServerEntry } from "../render/server_gemini.ts";
import { standardSkill } from "../render/skill.ts";
import { tomlPromptCommand } from "../render/toml_command.ts";
import { geminiSubagent } from "./content.ts";

const geminiDir = envDir("GEMINI_CLI_HOME", home()).join(".gemini");
const settings = {
  user: geminiDir.join("settings.json"),
  project: project(".gemini", "settings.json"),
};

/** The Gemini CLI adapter. */
export const adapter: HostAdapter = defineHost({
  id: "gemini-cli",
  name: "Gemini CLI",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    user: [
      settings.user,
      geminiDir.join("oauth_creds.json"),
      geminiDir.join("google_accounts.json"),
      geminiDir.join("installation_id"),
    ],
    project: [project(".gemini")],
  },
  // Set in the environment of hook processes (docs/hooks/index.md), with
  // CLAUDE_PROJECT_DIR "for compatibility" (hookRunner.ts).
  runtimeEnv: ["GEMINI_PROJECT_DIR", "GEMINI_SESSION_ID"],
  runtimeEnvAlsoSets: ["claude-code"],
  // GEMINI_CLI=1 marks the commands its shell tool runs (docs/tools/shell.md).
  runtimeEnvAmbient: ["GEMINI_CLI"],
  server: {
    paths: settings,
    format: "jsonc",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "sse", "http"],
    envRef: DOLLAR_BRACE_REF,
    render: geminiServerEntry("Gemini CLI"),
  },
  hooks: {
    paths: settings,
    format: "jsonc",
    at: ["hooks"],
    layout: "nested-groups",
    events: {
      SessionStart: { name: "SessionStart" },
      SessionEnd: { name: "SessionEnd" },
      UserPromptSubmit: { name: "BeforeAgent" },
      PreToolUse: { name: "BeforeTool", matcher: true },
      PostToolUse: { name: "AfterTool", matcher: true },
      PreCompact: { name: "PreCompress" },
      Stop: {
        name: "AfterAgent",
        approx: "which fires after each turn's final response; a deny makes Gemini retry",
      },
      Notification: { name: "Notification" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    // AfterModel's llm_response.usageMetadata carries Gemini's own token counts.
    hostNativeUsage: { event: "AfterModel" },
  },
  commands: {
    paths: { user: geminiDir.join("commands"), project: project(".gemini", "commands") },
    render: tomlPromptCommand("Gemini CLI"),
  },
  skills: {
    paths: { user: geminiDir.join("skills"), project: project(".gemini", "skills") },
    render: standardSkill("Gemini CLI"),
  },
  subagents: {
    paths: { user: geminiDir.join("agents"), project: project(".gemini", "agents") },
    render: geminiSubagent,
  },
  memory: {
    paths: { user: geminiDir.join("GEMINI.md"), project: project("GEMINI.md") },
    place: placeByContextFileName(settings),
  },
  doctorNotes: [
    {
      text:
        "Gemini CLI releases where hooks are still experimental run them only with hooksConfig.enabled set to true in settings.json",
      about: "hooks",
    },
    {
      text:
        "Gemini CLI fingerprints project hooks and asks you to trust one again when its command changes",
      about: "hooks",
      scope: "project",
    },
    {
      text:
        "Host-native usage (hostNativeUsage) runs usage-event on every AfterModel chunk Gemini streams; turn it off if hooks feel slow",
      about: "hostNativeUsage",
    },
  ],
  doctorChecks: hookSwitchChecks("Gemini CLI", settings, [
    { at: ["hooksConfig", "enabled"], off: false },
    { at: ["hooks", "enabled"], off: false }, // the experimental-era switch
    { at: ["tools", "enableHooks"], off: false },
  ]),
});
