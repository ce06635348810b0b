/**
 * `gemini-extension` and `qwen-extension`: Gemini CLI extensions
 * (geminicli.com/docs/extensions/reference, getting-started-extensions,
 * writing-extensions) and Qwen Code's fork of the same format
 * (qwenlm.github.io/qwen-code-docs extensions/extension and
 * getting-started-extensions):
 *
 * - `gemini-extension.json` / `qwen-extension.json`: `name`, `version`,
 *   `description`, the MCP servers inline under `mcpServers` in the
 *   settings.json entry shape (adapters/render/server_gemini.ts), and
 *   `contextFileName` when memory is carried; `${extensionPath}` is
 *   expanded in server args, so the launcher is
 *   `${extensionPath}/bin/agent-connector.mjs`. Env references are left to
 *   the serve wrapper (resolved at launch).
 * - `commands/<name>.toml`: custom commands (adapters/render/toml_command.ts,
 *   the host adapter's own renderer).
 * - `skills/<name>/SKILL.md` and `agents/<name>.md`: skills and subagents in
 *   the host's own formats; both hosts load these two folders of an
 *   extension (Gemini CLI 0.61 and Qwen Code 0.15 extension loaders:
 *   `loadSkillsFromDir(<ext>/skills)`, agents from `<ext>/agents`; read in
 *   the installed bundles and proven in tests/lab/plugins.lab.ts).
 * - `GEMINI.md` / `QWEN.md`: the context file, holding the memory blocks.
 * - Gemini only, `hooks/hooks.json`: `{"hooks": {<event>: [groups]}}`, the
 *   settings.json hook shape under a `hooks` object, `${extensionPath}`
 *   expanded in it (google-gemini/gemini-cli
 *   `packages/cli/src/config/extension-manager.ts` `loadExtensionHooks`;
 *   docs/extensions/reference.md "Hooks" and "Variables"). Each entry runs
 *   the bundled launcher with the bundled connector module (package/hooks.ts,
 *   connector_bundle.ts). Gemini CLI runs extension hooks only while
 *   `hooksConfig.enabled` is on in the user's settings.
 *
 * - Qwen Code, `hooks/hooks.json` too: the same wrapper, but Qwen Code 0.15
 *   expands only `${CLAUDE_PLUGIN_ROOT}` in an extension's hook commands
 *   (its `substituteHookVariables`), so the hook commands use that name.
 *
 * Neither host keeps `trust` on an extension's MCP server (both strip it:
 * `filterMcpConfig`), so a headless run must approve the tools itself.
 * Not carried: status line, actions, configPatch — each warned.
 *
 * @module
 */

import { adapter as gemini } from "../adapters/gemini_cli/mod.ts";
import { adapter as qwen } from "../adapters/qwen_code/mod.ts";
import type { HostAdapter } from "../adapters/descriptor.ts";
import type { EmitInput, EmittedPackage } from "./types.ts";
import { emitHostPlugin, type HostPluginLayout } from "./host_plugin.ts";
import { jsonText } from "./_json.ts";

/** The Gemini CLI format name. */
export const GEMINI_EXTENSION = "gemini-extension";

/** The Qwen Code format name. */
export const QWEN_EXTENSION = "qwen-extension";

function layout(
  format: string,
  adapter: HostAdapter,
  manifest: string,
  contextFile: string,
  cli: string,
  link: boolean,
  hookRoot: string,
): HostPluginLayout {
  return {
    format,
    adapter,
    rootPlaceholder: "${extensionPath}",
    hookRootPlaceholder: hookRoot,
    hooksFile: (h) => ({ path: "hooks/hooks.json", text: jsonText({ hooks: h }) }),
    manifest: (connector, meta, servers) => ({
      path: manifest,
      text: jsonText({
        name: connector.id,
        version: connector.version,
        ...(meta.description ? { description: meta.description } : {}),
        ...(servers ? { mcpServers: servers } : {}),
        ...(connector.memory.length ? { contextFileName: contextFile } : {}),
      }),
    }),
    dirs: { commands: "commands", skills: "skills", subagents: "agents" },
    ignoredExtra: {
      trust:
        `${adapter.name} drops trust from an extension's MCP servers (filterMcpConfig), so each call of its tools asks for approval (a headless run needs --approval-mode)`,
    },
    contextFile,
    unsupported: {
      statusline: `${adapter.name} extensions have no status line`,
      actions: `${adapter.name} extensions have no actions`,
      configPatch: `extensions do not change ${adapter.name} settings`,
    },
    install: [
      `${adapter.name}: ${cli} extensions install <dir> (a copy)${
        link ? `, or ${cli} extensions link <dir> (while developing)` : ""
      }`,
    ],
  };
}

const GEMINI = layout(
  GEMINI_EXTENSION,
  gemini,
  "gemini-extension.json",
  "GEMINI.md",
  "gemini",
  true,
  "${extensionPath}",
);
// Qwen documents `qwen extensions install <GitHub URL or local path>`; link is not verified.
const QWEN = layout(
  QWEN_EXTENSION,
  qwen,
  "qwen-extension.json",
  "QWEN.md",
  "qwen",
  false,
  "${CLAUDE_PLUGIN_ROOT}",
);

/** Emits the Gemini CLI extension of a connector. */
export function emitGeminiExtension(input: EmitInput): EmittedPackage {
  return emitHostPlugin(GEMINI, input);
}

/** Emits the Qwen Code extension of a connector. */
export function emitQwenExtension(input: EmitInput): EmittedPackage {
  return emitHostPlugin(QWEN, input);
}
