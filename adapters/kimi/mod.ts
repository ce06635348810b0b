/**
 * Kimi Code CLI (Moonshot AI; `kimi-cli` on PyPI, bin `kimi`). Facts from its
 * source, MoonshotAI/kimi-cli 1.49 (config loader, hook engine, skill
 * discovery) and its docs; each fact's source is in SOURCES.md.
 *
 * - Share folder `~/.kimi`, moved by `KIMI_SHARE_DIR` (adapters/kimi/home.ts).
 * - MCP: `mcpServers` in `<share>/mcp.json`, user scope only (Kimi has no
 *   project MCP file).
 * - Hooks: `[[hooks]]` tables in `<share>/config.toml`, each `{event,
 *   matcher, command, timeout}`, user scope only. Twelve of our events fire
 *   (no PermissionRequest). Matchers are regexes searched in the tool name
 *   (agent name on subagent events). Only a deny on PreToolUse,
 *   UserPromptSubmit and Stop acts (adapters/dialects/kimi.ts). `event`
 *   must be one of Kimi's thirteen names or config.toml stops loading, so
 *   native hooks are refused rather than written.
 * - Skills: `~/.kimi/skills` and a project's `.kimi/skills`; memory: the
 *   project's `AGENTS.md`. No command or subagent folders.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_EVENTS } from "../claude_code/family.ts";
import { project } from "../paths.ts";
import { standardSkill } from "../render/skill.ts";
import { kimiShareDir, kimiUserSkills } from "./home.ts";
import { kimiServerEntry } from "./server.ts";

// Claude's event names, each tool and subagent event filtered by a matcher;
// this host has no PermissionRequest.
const { PermissionRequest: _, ...EVENTS } = CLAUDE_EVENTS;

/** The Kimi Code CLI adapter. */
export const adapter: HostAdapter = defineHost({
  id: "kimi",
  name: "Kimi Code CLI",
  paradigm: "json-stdio",
  detect: {
    user: [kimiShareDir.join("config.toml"), kimiShareDir.join("kimi.json")],
    project: [project(".kimi")],
  },
  server: {
    paths: { user: kimiShareDir.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    render: kimiServerEntry,
  },
  hooks: {
    paths: { user: kimiShareDir.join("config.toml") },
    format: "toml",
    at: ["hooks"],
    layout: "event-list",
    events: EVENTS,
    handler: (command) => ({ command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  skills: {
    paths: { user: kimiUserSkills, project: project(".kimi", "skills") },
    render: standardSkill("Kimi"),
  },
  memory: { paths: { project: project("AGENTS.md") } },
});
