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

/** The emitters of the formats that are verified and emitted. */
export const EMITTERS: Readonly<Record<string, Emitter>> = {
  [AGENT_PLUGIN]: emitAgentPlugin,
  [CLAUDE_PLUGIN]: emitClaudePlugin,
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
    throw new FormatError(
      `format "${requested}" is not supported yet; supported: ${supportedFormats().join(", ")}`,
    );
  }
  return { formats: [requested], skipped: [], nested: false };
}
