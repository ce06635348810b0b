/**
 * `factory-plugin`: a Droid (Factory) plugin (docs.factory.ai
 * guides/building/building-plugins and harness/plugins):
 *
 * - `.factory-plugin/plugin.json`: `name`, `description`, `version` (all
 *   three required), `author`, `homepage`, `repository`, `license`.
 * - `mcp.json` at the plugin root: `{"mcpServers": {…}}`, Droid's own
 *   `mcp.json` entry shape (adapters/droid) — for a server that does not
 *   run through the bundled launcher only: Droid 0.225 expands no
 *   plugin-root variable in a plugin's `mcp.json` (measured with `droid mcp
 *   list`: `${DROID_PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_ROOT}`, `$DROID_PLUGIN_ROOT`
 *   and a relative path all fail to start; the absolute path connects), so
 *   the launcher's path cannot be written (warned, as for cursor-plugin).
 * - `commands/<name>.md`, `skills/<name>/SKILL.md`, `droids/<name>.md`:
 *   the Droid content renderers.
 * - `hooks/hooks.json`: `{"hooks": {<event>: [groups]}}`, each entry
 *   running the bundled launcher; Droid expands `${DROID_PLUGIN_ROOT}`
 *   (alias `${CLAUDE_PLUGIN_ROOT}`) in hook commands to the installed
 *   plugin's folder (documented for hooks).
 *
 * Installed with `droid plugin marketplace add <catalog dir>` then
 * `droid plugin install <id>@<catalog>`. Not carried: memory (plugins have
 * no AGENTS.md block), status line, actions, configPatch — each warned.
 *
 * @module
 */

import { adapter as droid } from "../adapters/droid/mod.ts";
import type { EmitInput, EmittedPackage } from "./types.ts";
import { emitHostPlugin, type HostPluginLayout } from "./host_plugin.ts";
import { manifestFields } from "./meta.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const FACTORY_PLUGIN = "factory-plugin";

const LAYOUT: HostPluginLayout = {
  format: FACTORY_PLUGIN,
  adapter: droid,
  noRoot:
    "Droid expands no plugin-root variable in a plugin's mcp.json (0.225, measured), so the launcher's path cannot be written",
  hookRootPlaceholder: "${DROID_PLUGIN_ROOT}",
  manifest: (connector, meta) => ({
    path: ".factory-plugin/plugin.json",
    text: jsonText(manifestFields(meta, {
      name: connector.id,
      version: connector.version,
      // Required by Droid's manifest: the package description, else the display name.
      description: meta.description ?? connector.displayName,
    })),
  }),
  mcpFile: (servers) => ({ path: "mcp.json", text: jsonText({ mcpServers: servers }) }),
  hooksFile: (hooks) => ({ path: "hooks/hooks.json", text: jsonText({ hooks }) }),
  dirs: { commands: "commands", skills: "skills", subagents: "droids" },
  unsupported: {
    memory: "Droid plugins have no memory file; install the connector for memory blocks",
    statusline: "Droid plugins have no status line",
    actions: "Droid plugins have no actions",
    configPatch: "plugins do not change Droid settings",
  },
  install: [
    "Droid: list <dir> in a .factory-plugin/marketplace.json, then droid plugin marketplace add <that folder> and droid plugin install <name>@<catalog> — agent-connector install --method marketplace --targets droid does both",
  ],
};

/** Emits the Droid plugin of a connector. */
export function emitFactoryPlugin(input: EmitInput): EmittedPackage {
  return emitHostPlugin(LAYOUT, input);
}
