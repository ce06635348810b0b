/**
 * Field readers shared by the hook dialects of hosts whose payloads carry
 * tool arguments in more than one shape.
 *
 * @module
 */

import { obj } from "../dialect.ts";

/**
 * A tool input that arrives as an object or as JSON text (Cursor's MCP
 * events, Copilot CLI's camelCase `toolArgs`); anything else is `{}`.
 */
export function toolInputOf(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return obj(JSON.parse(value)) ?? {};
    } catch {
      return {};
    }
  }
  return obj(value) ?? {};
}

/** A tool output as text: strings as they are, anything else as JSON. */
export function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The tool of a snake_case payload (`tool_name`, `tool_input` as an object),
 * the spelling Goose, Crush, Hermes and the Kiro / Amazon Q agent hooks share.
 */
export function snakeTool(
  raw: Record<string, unknown>,
): { toolName: string; toolInput: Record<string, unknown> } {
  return {
    toolName: typeof raw.tool_name === "string" ? raw.tool_name : "",
    toolInput: obj(raw.tool_input) ?? {},
  };
}
