/**
 * The package formats of spec §3 `package`: which are emitted (each one
 * checked against its host's or standard's documentation), which are
 * named by the spec but not verified yet (they fail with a message naming
 * the ones that work), the deprecated aliases, and what `all` means.
 *
 * @module
 */

import type { Emitter } from "./types.ts";
import { AGENT_PLUGIN, emitAgentPlugin } from "./agent_plugin.ts";
import { CLAUDE_PLUGIN, emitClaudePlugin } from "./claude_plugin.ts";
import { CURSOR_PLUGIN, emitCursorPlugin } from "./cursor_plugin.ts";
import { emitFactoryPlugin, FACTORY_PLUGIN } from "./factory_plugin.ts";
import {
  emitGeminiExtension,
  emitQwenExtension,
  GEMINI_EXTENSION,
  QWEN_EXTENSION,
} from "./gemini_extension.ts";
import { emitMcpServerJson, MCP_SERVER_JSON } from "./mcp_server_json.ts";
import { emitMcpb, MCPB } from "./mcpb.ts";

/** Every host format the spec lists, in its order (`all` means these). */
export const HOST_FORMATS: readonly string[] = [
  "agent-plugin",
  "claude-plugin",
  "factory-plugin",
  "gemini-extension",
  "qwen-extension",
  "agy-plugin",
  "cursor-plugin",
  "kimi-plugin",
  "npm-plugin",
];

/** The official MCP artifacts, emitted only when named (never by `all`). */
export const STANDARD_FORMATS: readonly string[] = ["mcp-server-json", "mcpb"];

/** Deprecated names and the format they resolve to. */
export const FORMAT_ALIASES: Readonly<Record<string, string>> = {
  "codex-plugin": AGENT_PLUGIN,
  "copilot-plugin": AGENT_PLUGIN,
};

/**
 * Why each host format the spec names is not emitted yet, with where its
 * format is described (for the refusal and the `all` line).
 */
export const NOT_YET: Readonly<Record<string, string>> = {
  "kimi-plugin":
    "Kimi's plugin manifest is Beta and differs between Kimi CLI (plugin.json declaring executable tools, https://moonshotai.github.io/kimi-cli/en/customization/plugins.html) and Kimi Code (skills + MCP servers, https://moonshotai.github.io/kimi-code/en/customization/plugins.html), and no Kimi CLI runs here to prove one; install the connector for Kimi instead",
  "agy-plugin":
    "Antigravity's plugin manifest (plugin.json, hooks.json, mcp_config.json; `agy plugin install <dir>`) is described only in its release notes (https://github.com/google-antigravity/antigravity-cli/releases/tag/1.3.2), and agy is not installable here (not on npm) to prove one; install the connector for Antigravity instead",
  "npm-plugin":
    "it must be a published JavaScript package exporting an OpenCode/Kilo plugin that bridges the hooks (https://opencode.ai/docs/plugins/); install --targets opencode,kilo,kilo-cli writes the local plugin module instead",
};

/** The emitters of the formats that are verified and emitted. */
export const EMITTERS: Readonly<Record<string, Emitter>> = {
  [AGENT_PLUGIN]: emitAgentPlugin,
  [CLAUDE_PLUGIN]: emitClaudePlugin,
  [FACTORY_PLUGIN]: emitFactoryPlugin,
  [GEMINI_EXTENSION]: emitGeminiExtension,
  [QWEN_EXTENSION]: emitQwenExtension,
  [CURSOR_PLUGIN]: emitCursorPlugin,
  [MCP_SERVER_JSON]: emitMcpServerJson,
  [MCPB]: emitMcpb,
};

/** What `--format` asked for. */
export interface FormatChoice {
  /** The formats to emit, in spec order. */
  formats: string[];
  /** Formats `all` covers that are not emitted yet. */
  skipped: string[];
  /** A deprecation line, when an alias was used. */
  deprecation?: string;
  /** Each format goes into `<out>/<format>/` (`all`). */
  nested: boolean;
}

/** Thrown for a format that does not exist or is not emitted yet. */
export class FormatError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

/** The formats that are emitted, for messages. */
export function supportedFormats(): string[] {
  return [...HOST_FORMATS, ...STANDARD_FORMATS].filter((f) => f in EMITTERS);
}

/** Resolves `--format` (default `agent-plugin`). */
export function chooseFormats(requested: string = AGENT_PLUGIN): FormatChoice {
  if (requested === "all") {
    return {
      formats: HOST_FORMATS.filter((f) => f in EMITTERS),
      skipped: HOST_FORMATS.filter((f) => !(f in EMITTERS)),
      nested: true,
    };
  }
  const alias = FORMAT_ALIASES[requested];
  if (alias) {
    return {
      formats: [alias],
      skipped: [],
      nested: false,
      deprecation:
        `--format ${requested} is deprecated: it is the same package as --format ${alias}; use that`,
    };
  }
  const known = [...HOST_FORMATS, ...STANDARD_FORMATS];
  if (!known.includes(requested)) {
    throw new FormatError(
      `unknown format "${requested}" (formats: ${known.join(", ")}, all)`,
    );
  }
  if (!(requested in EMITTERS)) {
    const why = NOT_YET[requested] ? `: ${NOT_YET[requested]}` : "";
    throw new FormatError(
      `format "${requested}" is not supported yet${why}\nsupported: ${
        supportedFormats().join(", ")
      }`,
    );
  }
  return { formats: [requested], skipped: [], nested: false };
}
