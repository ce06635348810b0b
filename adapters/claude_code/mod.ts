/**
 * Claude Code (Anthropic), the reference host: every surface is native.
 * Facts from HOSTS.md §2 (code.claude.com/docs/en/{mcp,hooks,settings,
 * statusline,sub-agents,skills,slash-commands,memory,env-vars}).
 *
 * `CLAUDE_CONFIG_DIR` moves the `~/.claude` tree and `~/.claude.json` with it
 * (HOSTS.md §2a; the latter per Claude's global-config lookup *(verify)*).
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { defineHost, type HostAdapter, type NativeEventSpec } from "../descriptor.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { envDir, home, project } from "../paths.ts";
import { claudeServerEntry } from "../render/server_entry.ts";
import { MATCHER_SUBJECT } from "../../core/matcher.ts";
import { claudeCommand, claudeSkill, claudeSubagent } from "./content.ts";
import { placeClaudeMemory } from "./memory.ts";
import { claudeSensitiveKeyViolation } from "../../core/claude_sensitive_keys.ts";

const claudeDir = envDir("CLAUDE_CONFIG_DIR", home(".claude"));
const claudeJson = envDir("CLAUDE_CONFIG_DIR", home()).join(".claude.json");
const settings = {
  user: claudeDir.join("settings.json"),
  project: project(".claude", "settings.json"),
};

/** All 13 normalized events are native; matchers filter tool and agent events. */
const EVENTS = Object.fromEntries(
  HOOK_EVENT_NAMES.map((e) => [e, { name: e, matcher: MATCHER_SUBJECT[e] !== undefined }]),
) as Record<HookEventName, NativeEventSpec>;

/** The Claude Code adapter. */
export const adapter: HostAdapter = defineHost({
  id: "claude-code",
  name: "Claude Code",
  paradigm: "json-stdio",
  // Closed source: facts from docs and runs of the host (SOURCES.md).
  factsFrom: "docs",
  detect: {
    user: [claudeDir, claudeJson],
    project: [project(".claude"), project(".mcp.json"), project("CLAUDE.md")],
  },
  // CLAUDE_PROJECT_DIR is set for hooks; CLAUDE_CODE_ENTRYPOINT and
  // CLAUDECODE=1 on Claude Code's own process, so its shell commands and
  // MCP servers inherit them (anthropics/claude-code#33815 lists all three).
  runtimeEnv: ["CLAUDE_PROJECT_DIR"],
  runtimeEnvAmbient: ["CLAUDE_CODE_ENTRYPOINT", "CLAUDECODE"],
  server: {
    // user: top-level mcpServers of ~/.claude.json; project: .mcp.json (HOSTS.md §2b)
    paths: { user: claudeJson, project: project(".mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse", "ws"],
    envRef: CLAUDE_ENV_REF,
    render: claudeServerEntry,
  },
  hooks: {
    paths: settings,
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: EVENTS,
    handler: (command) => ({ type: "command", command }),
    matchers: "claude",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
  },
  commands: {
    paths: { user: claudeDir.join("commands"), project: project(".claude", "commands") },
    render: claudeCommand,
  },
  skills: {
    paths: { user: claudeDir.join("skills"), project: project(".claude", "skills") },
    render: claudeSkill,
  },
  subagents: {
    paths: { user: claudeDir.join("agents"), project: project(".claude", "agents") },
    render: claudeSubagent,
  },
  memory: {
    paths: { user: claudeDir.join("CLAUDE.md"), project: project("CLAUDE.md") },
    place: placeClaudeMemory,
    acceptsMode: true,
  },
  statusline: {
    // HOSTS.md §2d, code.claude.com/docs/en/statusline
    paths: settings,
    key: "statusLine",
    render: (command, options) => ({
      type: "command",
      command,
      ...(options.refreshInterval ? { refreshInterval: options.refreshInterval } : {}),
    }),
    supports: { refreshInterval: true },
  },
  configPatch: {
    // Exactly one patchable file per scope (spec §2.8).
    paths: settings,
    format: "json",
    denied: claudeSensitiveKeyViolation,
  },
});
