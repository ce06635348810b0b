/**
 * `cursor-plugin`: a Cursor plugin (cursor.com/docs/reference/plugins —
 * "Plugin structure" and "Plugin manifest"; the manifest schema
 * github.com/cursor/plugins `schemas/plugin.schema.json`; default
 * discovery paths as listed by cursor/plugins
 * `create-plugin/skills/review-plugin-submission/SKILL.md`):
 *
 * - `.cursor-plugin/plugin.json`: `name` (required, `^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`),
 *   `version`, `description`, `author {name, email}` (the schema closes
 *   `author`, so an npm author url is left out), `homepage`, `repository`,
 *   `license`, `keywords`. Components sit in their default folders, so no
 *   path fields are written.
 * - `mcp.json` at the plugin root: `{"mcpServers": {<id>: entry}}`, Cursor's
 *   own entry shape (the adapter's renderer, as `install` writes
 *   `~/.cursor/mcp.json`); `${env:VAR}` references stay references — Cursor
 *   expands them in mcp.json (cursor.com/docs/mcp "config interpolation"),
 *   as plugins in cursor/plugins rely on (`agent-vent/mcp.json`).
 * - `commands/<name>.md`, `agents/<name>.md`, `skills/<name>/SKILL.md`: the
 *   Cursor adapter's content renderers (adapters/cursor/content.ts).
 * - `rules/<id>.mdc`: the memory blocks as one always-applied rule
 *   (`description` + `alwaysApply: true` frontmatter; rules are `.mdc` files
 *   in `rules/`, per the reference's plugin structure).
 *
 * Not carried: a stdio server that runs through the bundled launcher
 * (telemetry wrapper, secret delivery) and hooks. Both need the plugin's
 * own folder in a command line, and Cursor documents no plugin-root
 * variable: `${CURSOR_PLUGIN_ROOT}` is used by some plugins
 * (cursor/plugins `atlaso/mcp.json`) and reported expanded for hooks
 * (TheGreenCedar/CodeStory#1965, Cursor 3.17.8) but reported not expanded
 * for MCP servers in that same report, and relative paths resolve against
 * the workspace (voodootikigod/adlc#1014). A bare stdio server
 * (`wrapForTelemetry: false`, no secret) and remote servers need no path
 * and are carried. Status line, actions and configPatch have no plugin
 * component. Each left-out surface is warned.
 *
 * @module
 */

import { adapter as cursor } from "../adapters/cursor/mod.ts";
import { markdownWithFrontmatter } from "../adapters/render/markdown.ts";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { EmitInput, EmittedPackage, PackageMeta } from "./types.ts";
import { emitHostPlugin, type HostPluginLayout } from "./host_plugin.ts";
import { manifestFields } from "./meta.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const CURSOR_PLUGIN = "cursor-plugin";

/** Cursor's plugin name pattern (schemas/plugin.schema.json `name`). */
const NAME = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

const NO_ROOT =
  "Cursor documents no plugin-root variable for a plugin's mcp.json or hooks, so the launcher's path cannot be written";

/** The manifest's metadata: the schema's closed `author` takes a name and an email only. */
function cursorMeta(meta: PackageMeta): PackageMeta {
  if (!meta.author) return meta;
  const { name, email } = meta.author;
  return { ...meta, author: { name, ...(email ? { email } : {}) } };
}

function layout(connector: ResolvedConnector): HostPluginLayout {
  return {
    format: CURSOR_PLUGIN,
    adapter: cursor,
    noRoot: NO_ROOT,
    envRef: cursor.server?.envRef,
    manifest: (_connector, meta) => ({
      path: ".cursor-plugin/plugin.json",
      text: jsonText(
        manifestFields(cursorMeta(meta), { name: connector.id, version: connector.version }),
      ),
    }),
    mcpFile: (servers) => ({ path: "mcp.json", text: jsonText({ mcpServers: servers }) }),
    dirs: { commands: "commands", skills: "skills", subagents: "agents" },
    memoryFile: (text) => ({
      path: `rules/${connector.id}.mdc`,
      text: markdownWithFrontmatter(
        { description: `Context from the ${connector.displayName} connector`, alwaysApply: true },
        text,
      ),
    }),
    unsupported: {
      hooks: `${NO_ROOT}; install the connector for Cursor hooks`,
      nativeHooks: NO_ROOT,
      statusline: "Cursor plugins have no status line",
      actions: "Cursor plugins have no actions",
      configPatch: "plugins do not change Cursor settings",
    },
    install: [
      `Cursor: copy <dir> to ~/.cursor/plugins/local/${connector.id} and reload Cursor, or list it in a plugin marketplace's .cursor-plugin/marketplace.json`,
    ],
  };
}

/** Emits the Cursor plugin of a connector; throws for an id Cursor cannot take as a plugin name. */
export function emitCursorPlugin(input: EmitInput): EmittedPackage {
  const { connector } = input;
  if (!NAME.test(connector.id)) {
    throw new Error(
      `${CURSOR_PLUGIN}: the connector id "${connector.id}" is not a Cursor plugin name (it must end with a letter or digit); rename the connector`,
    );
  }
  return emitHostPlugin(layout(connector), input);
}
