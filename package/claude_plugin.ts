/**
 * `claude-plugin`: a Claude Code plugin (code.claude.com/docs/en/plugins and
 * plugins-reference; anthropics/claude-code
 * `plugins/plugin-dev/skills/plugin-structure/references/manifest-reference.md`
 * and `.../mcp-integration/SKILL.md`):
 *
 * - `.claude-plugin/plugin.json`: `name` (required, kebab-case), `version`,
 *   `description`, `author {name, email, url}`, `homepage`, `repository`,
 *   `license`, `keywords`; components sit in their default folders, so no
 *   path fields are needed.
 * - `.mcp.json` at the plugin root: a map of server name → entry (Claude
 *   Code's own entry shape, adapters/render/server_entry.ts
 *   `claudeServerEntry`); `${CLAUDE_PLUGIN_ROOT}` and `${VAR}` /
 *   `${VAR:-default}` are expanded there, so env references stay references.
 * - `commands/<name>.md`, `agents/<name>.md`, `skills/<name>/SKILL.md`:
 *   the Claude Code content renderers (adapters/claude_code/content.ts).
 * - `hooks/hooks.json`: the plugin hook file, `{"hooks": {<event>: [groups]}}`
 *   — the settings.json `hooks` shape inside a wrapper object, loaded from
 *   that default path, `${CLAUDE_PLUGIN_ROOT}` expanded in commands
 *   (plugins-reference "Hooks"; anthropics/claude-code
 *   `plugins/plugin-dev/skills/hook-development/SKILL.md`, "plugin hooks in
 *   hooks/hooks.json, use wrapper format"). Each entry runs the bundled
 *   launcher with the bundled connector module (package/hooks.ts,
 *   connector_bundle.ts), so no install is needed.
 *
 * Not carried yet: memory (plugins have no CLAUDE.md block), status line,
 * actions, configPatch — each warned; hooks when the connector module
 * cannot be bundled (the reason is warned).
 *
 * @module
 */

import { adapter as claude } from "../adapters/claude_code/mod.ts";
import type { EmitInput, EmittedPackage } from "./types.ts";
import { emitHostPlugin, type HostPluginLayout } from "./host_plugin.ts";
import { manifestFields } from "./meta.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const CLAUDE_PLUGIN = "claude-plugin";

const LAYOUT: HostPluginLayout = {
  format: CLAUDE_PLUGIN,
  adapter: claude,
  rootPlaceholder: "${CLAUDE_PLUGIN_ROOT}",
  envRef: claude.server?.envRef,
  manifest: (connector, meta) => ({
    path: ".claude-plugin/plugin.json",
    text: jsonText(manifestFields(meta, { name: connector.id, version: connector.version })),
  }),
  mcpFile: (servers) => ({ path: ".mcp.json", text: jsonText(servers) }),
  hooksFile: (hooks) => ({ path: "hooks/hooks.json", text: jsonText({ hooks }) }),
  dirs: { commands: "commands", skills: "skills", subagents: "agents" },
  unsupported: {
    memory: "Claude Code plugins have no memory file; install the connector for memory blocks",
    statusline: "Claude Code plugins have no status line",
    actions: "Claude Code plugins have no actions",
    configPatch: "plugins do not change Claude Code settings",
  },
  install: [
    "Claude Code: claude --plugin-dir <dir> (this session), or list it in a plugin marketplace and /plugin install it",
  ],
};

/** Emits the Claude Code plugin of a connector. */
export function emitClaudePlugin(input: EmitInput): EmittedPackage {
  return emitHostPlugin(LAYOUT, input);
}
