/**
 * `gemini-extension`: a Gemini CLI extension (geminicli.com/docs/extensions/
 * reference, getting-started-extensions, writing-extensions):
 *
 * - `gemini-extension.json`: `name`, `version`, `description`, and the MCP
 *   servers inline under `mcpServers` in the settings.json entry shape
 *   (adapters/render/server_gemini.ts); `${extensionPath}` is expanded in
 *   server args, so the launcher is `${extensionPath}/bin/agent-connector.mjs`.
 *   Env references are left to the serve wrapper (resolved at launch).
 * - `commands/<name>.toml`: Gemini custom commands (adapters/render/toml_command.ts).
 * - `GEMINI.md`: the extension's default context file, holding the
 *   connector's memory blocks.
 *
 * Not carried yet: skills and subagents (not verified for extensions),
 * hooks, status line, actions, configPatch — each warned.
 *
 * @module
 */

import { adapter as gemini } from "../adapters/gemini_cli/mod.ts";
import type { EmitInput, EmittedPackage } from "./types.ts";
import { emitHostPlugin, type HostPluginLayout } from "./host_plugin.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const GEMINI_EXTENSION = "gemini-extension";

const LAYOUT: HostPluginLayout = {
  format: GEMINI_EXTENSION,
  adapter: gemini,
  rootPlaceholder: "${extensionPath}",
  manifest: (connector, meta, servers) => ({
    path: "gemini-extension.json",
    text: jsonText({
      name: connector.id,
      version: connector.version,
      ...(meta.description ? { description: meta.description } : {}),
      ...(servers ? { mcpServers: servers } : {}),
    }),
  }),
  dirs: { commands: "commands" },
  contextFile: "GEMINI.md",
  unsupported: {
    hooks: "a packaged hook cannot run the connector's handler; install the connector for hooks",
    nativeHooks: "a packaged hook cannot run the connector's handler",
    statusline: "Gemini CLI extensions have no status line",
    actions: "Gemini CLI extensions have no actions",
    configPatch: "extensions do not change Gemini CLI settings",
  },
  install: [
    "Gemini CLI: gemini extensions install <dir> (a copy), or gemini extensions link <dir> (while developing)",
  ],
};

/** Emits the Gemini CLI extension of a connector. */
export function emitGeminiExtension(input: EmitInput): EmittedPackage {
  return emitHostPlugin(LAYOUT, input);
}
