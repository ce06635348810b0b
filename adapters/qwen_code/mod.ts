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
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { pathApi, pathFn, project } from "../paths.ts";
import { placeByContextFileName } from "../render/context_file.ts";
import { hookSwitchChecks } from "../render/hook_switches.ts";
import { geminiServerEntry } from "../render/server_gemini.ts";
import { standardSkill } from "../render/skill.ts";
import { tomlPromptCommand } from "../render/toml_command.ts";
import { HOOK_EVENT_NAMES, type HookEventName } from "../../core/hook_types.ts";
import { MATCHER_SUBJECT } from "../../core/matcher.ts";
import type { NativeEventSpec } from "../descriptor.ts";
import { qwenSubagent } from "./content.ts";

/** `$QWEN_HOME` (with `~` expanded, relative to home) or `~/.qwen`. */
const qwenDir = pathFn((ctx) => {
  const api = pathApi(ctx.os);
  const value = ctx.env.QWEN_HOME;
  if (!value) return api.join(ctx.home, ".qwen");
  const tilde = /^~(?:[\\/]|$)/.test(value);
  return api.resolve(ctx.home, tilde ? value.slice(2) || "." : value);
});
const settings = {
  user: qwenDir.join("settings.json"),
  project: project(".qwen", "settings.json"),
};

/** Every normalized event under its own (Claude) name. */
const EVENTS = Object.fromEntries(
  HOOK_EVENT_NAMES.map((e) => [e, { name: e, matcher: MATCHER_SUBJECT[e] !== undefined }]),
) as Record<HookEventName, NativeEventSpec>;

/** The Qwen Code adapter. */
export const adapter: HostAdapter = defineHost({
  id: "qwen-code",
  name: "Qwen Code",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    user: [settings.user, qwenDir.join("oauth_creds.json"), qwenDir.join("installation_id")],
    project: [project(".qwen"), project("QWEN.md")],
  },
  // Qwen's hook runner (forked from Gemini CLI's) also sets
  // GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR for compatibility.
  runtimeEnv: ["QWEN_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["gemini-cli", "claude-code"],
  // QWEN_CODE=1 marks what its shell execution service runs (not GEMINI_CLI).
  runtimeEnvAmbient: ["QWEN_CODE"],
  server: {
    paths: settings,
    format: "jsonc",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "sse", "http"],
    envRef: DOLLAR_BRACE_REF,
    render: geminiServerEntry("Qwen Code"),
  },
  hooks: {
    paths: settings,
    format: "jsonc",
    at: ["hooks"],
    layout: "nested-groups",
    events: EVENTS,
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  commands: {
    paths: { user: qwenDir.join("commands"), project: project(".qwen", "commands") },
    render: tomlPromptCommand("Qwen Code"),
  },
  skills: {
    paths: { user: qwenDir.join("skills"), project: project(".qwen", "skills") },
    render: standardSkill("Qwen Code"),
  },
  subagents: {
    paths: { user: qwenDir.join("agents"), project: project(".qwen", "agents") },
    render: qwenSubagent,
  },
  memory: {
    paths: { user: qwenDir.join("QWEN.md"), project: project("AGENTS.md") },
    place: placeByContextFileName(settings),
  },
  doctorNotes: [
    {
      text: "Qwen Code runs project hooks only in a trusted folder",
      about: "hooks",
      scope: "project",
    },
  ],
  doctorChecks: hookSwitchChecks("Qwen Code", settings, [{ at: ["disableAllHooks"], off: true }]),
});
