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
 *
 * Not carried yet: hooks (`hooks/hooks.json` would run a handler the plugin
 * does not bundle), memory (plugins have no CLAUDE.md block), status line,
 * actions, configPatch — each warned.
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
  dirs: { commands: "commands", skills: "skills", subagents: "agents" },
  unsupported: {
    hooks:
      "a plugin hook cannot run the connector's handler (the plugin does not bundle it); install the connector with its own bin for hooks",
    nativeHooks: "a plugin hook cannot run the connector's handler",
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
