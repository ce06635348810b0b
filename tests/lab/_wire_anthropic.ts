/**
 * Anthropic Messages on the mock: reads a `/v1/messages` body, renders a reply as SSE
 * (`message_start` … `message_stop`) or one JSON message.
 * Wire shape: https://docs.anthropic.com/en/api/messages-streaming
 *
 * @module
 */
import type { MockDecision, MockUsage, ModelRequest, PastCall } from "./_mock_types.ts";
import { sse, textOf } from "./_wire_util.ts";

type Block = Record<string, unknown>;

/** Reads an Anthropic Messages request body. */
export function readAnthropic(body: Record<string, unknown>): ModelRequest {
  const tools = ((body.tools ?? []) as Block[]).map((t) => ({
    name: String(t.name),
    schema: t.input_schema as Record<string, unknown> | undefined,
  }));
  const calls: PastCall[] = [];
  const byId = new Map<string, PastCall>();
  for (const message of (body.messages ?? []) as Block[]) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Block[]) {
      if (block.type === "tool_use") {
        const call: PastCall = { name: String(block.name) };
        byId.set(String(block.id), call);
        calls.push(call);
      } else if (block.type === "tool_result") {
        const call = byId.get(String(block.tool_use_id));
        if (call) call.result = textOf(block.content);
      }
    }
  }
  return {
    api: "anthropic",
    model: String(body.model ?? ""),
    stream: body.stream === true,
    tools,
    calls,
    system: textOf(body.system),
  };
}

function usageOf(u: MockUsage) {
  return {
    input_tokens: u.input - u.cacheRead - u.cacheWrite,
    output_tokens: u.output,
    cache_read_input_tokens: u.cacheRead,
    cache_creation_input_tokens: u.cacheWrite,
  };
}

function contentOf(d: MockDecision, id: string): Block {
  return d.kind === "text"
    ? { type: "text", text: d.text }
    : { type: "tool_use", id: `toolu_${id}`, name: d.name, input: d.args };
}

/** Renders the reply as the stream of events or the one message the host asked for. */
export function renderAnthropic(
  req: ModelRequest,
  d: MockDecision,
  usage: MockUsage,
  id: string,
): { type: string; body: string } {
  const stop = d.kind === "tool" ? "tool_use" : "end_turn";
  const block = contentOf(d, id);
  const message = {
    id: `msg_${id}`,
    type: "message",
    role: "assistant",
    model: req.model,
    content: [block],
    stop_reason: stop,
    stop_sequence: null,
    usage: usageOf(usage),
  };
  if (!req.stream) return { type: "application/json", body: JSON.stringify(message) };
  const start = d.kind === "text" ? { type: "text", text: "" } : { ...block, input: {} };
  const delta = d.kind === "text"
    ? { type: "text_delta", text: d.text }
    : { type: "input_json_delta", partial_json: JSON.stringify(d.args) };
  const events: Array<[string, unknown]> = [
    ["message_start", {
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { ...usageOf(usage), output_tokens: 1 },
      },
    }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: start }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: usage.output },
    }],
    ["message_stop", { type: "message_stop" }],
  ];
  return { type: "text/event-stream", body: events.map(([e, data]) => sse(data, e)).join("") };
}
