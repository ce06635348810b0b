/**
 * Token counts computed from a recorded transcript, independently of the
 * telemetry code: the test pairs requests and responses itself and calls
 * gpt-tokenizer directly, reading image sizes from the PNG header by hand.
 *
 * @module
 */

import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** What one measured message pair should have produced. */
export interface ExpectedRow {
  /** Tool name or `tools/list`. */
  toolName: string;
  /** `call` or `tool_defs`. */
  scope: "call" | "tool_defs";
  /** Expected input tokens. */
  inputTokens: number;
  /** Expected output tokens. */
  outputTokens: number;
  /** True when an image was in the result (so the label is `heuristic`). */
  hasImage: boolean;
}

const count = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

function lines(bytes: Uint8Array): Array<Record<string, unknown>> {
  return new TextDecoder().decode(bytes).split("\n").filter((l) => l.trim() !== "").flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
}

function outputOf(result: Record<string, unknown>): { tokens: number; hasImage: boolean } {
  let tokens = 0;
  let hasImage = false;
  for (const item of (result.content ?? []) as Array<Record<string, unknown>>) {
    if (item.type === "text") tokens += count(item.text as string);
    else if (item.type === "image") {
      hasImage = true;
      const png = Buffer.from(item.data as string, "base64");
      const pixels = png.readUInt32BE(16) * png.readUInt32BE(20);
      tokens += Math.min(1600, Math.max(1, Math.ceil(pixels / 750)));
    } else throw new Error(`the scenario has no ${String(item.type)} content`);
  }
  if (result.structuredContent !== undefined) {
    tokens += count(JSON.stringify(result.structuredContent));
  }
  return { tokens, hasImage };
}

/** The rows a transcript (client→server bytes, server→client bytes) should produce. */
export function expectedRows(clientSent: Uint8Array, clientReceived: Uint8Array): ExpectedRow[] {
  const requests = new Map<string, Record<string, unknown>>();
  for (const m of lines(clientSent)) {
    if (typeof m.method === "string" && m.id !== undefined) requests.set(JSON.stringify(m.id), m);
  }
  const out: ExpectedRow[] = [];
  for (const m of lines(clientReceived)) {
    if (m.method !== undefined || m.id === undefined) continue;
    const request = requests.get(JSON.stringify(m.id));
    if (!request) continue;
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (request.method === "tools/list") {
      const tools = (m.result as { tools: unknown[] }).tools;
      out.push({
        toolName: "tools/list",
        scope: "tool_defs",
        inputTokens: count(JSON.stringify(tools)),
        outputTokens: 0,
        hasImage: false,
      });
    } else if (request.method === "tools/call") {
      const output = outputOf(m.result as Record<string, unknown>);
      out.push({
        toolName: params.name as string,
        scope: "call",
        inputTokens: count(JSON.stringify(params.arguments)),
        outputTokens: output.tokens,
        hasImage: output.hasImage,
      });
    }
  }
  return out;
}
