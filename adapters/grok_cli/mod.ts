/**
 * grok-cli (superagent-ai/grok-cli; npm `grok-dev`, bin `grok`), a community
 * agent unrelated to xAI's Grok Build. Facts from its source; each fact's
 * source is in SOURCES.md.
 *
 * - Everything it reads of ours is user scope, in `~/.grok/user-settings.json`
 *   (hooks in a project's `.grok/settings.json` are refused on purpose, so a
 *   cloned repository cannot run commands).
 * - MCP: `mcp.servers`, a JSON array keyed by `id`.
 * - Hooks: top-level `hooks`, Claude's nested groups; twelve of our events
 *   (no PermissionRequest), plus its own (TaskCreated, TaskCompleted,
 *   InstructionsLoaded, CwdChanged, StopFailure) as native hooks — unknown
 *   names are simply never fired. Matchers compare for equality only, so
 *   none is written and the hook entrypoint filters. Only a PreToolUse block
 *   acts (adapters/dialects/grok_cli.ts).
 * - Skills in `~/.agents/skills` and a project's `.agents/skills`; memory
 *   `~/.grok/AGENTS.md` and the project's `AGENTS.md`. Its subagents are
 *   entries of `subAgents` naming one of its own models, and it has no
 *   command files.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_EVENTS } from "../claude_code/family.ts";
import { home, project } from "../paths.ts";
import { standardSkill } from "../render/skill.ts";
import { grokCliDir, grokCliSettings } from "./home.ts";
import { grokCliServerEntry } from "./server.ts";

// Claude's event names (its matchers are not written: `matchers: "ignored"`);
// grok-cli has no PermissionRequest.
const { PermissionRequest: _, ...EVENTS } = CLAUDE_EVENTS;

/** The grok-cli adapter. */
export const adapter: HostAdapter = defineHost({
  id: "grok-cli",
  name: "Grok CLI",
  paradigm: "json-stdio",
  // user-settings.json, not ~/.grok: Grok Build shares the folder (spec §6).
  detect: { user: [grokCliSettings] },
  server: {
    paths: { user: grokCliSettings },
    format: "json",
    collection: { at: ["mcp", "servers"], keyField: "id" },
    transports: ["stdio", "http", "sse"],
    render: grokCliServerEntry,
  },
  hooks: {
    paths: { user: grokCliSettings },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: EVENTS,
    handler: (command) => ({ type: "command", command }),
    matchers: "ignored",
    nativeHooks: true,
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  skills: {
    paths: { user: home(".agents", "skills"), project: project(".agents", "skills") },
    render: standardSkill("Grok CLI"),
  },
  memory: { paths: { user: grokCliDir.join("AGENTS.md"), project: project("AGENTS.md") } },
});
