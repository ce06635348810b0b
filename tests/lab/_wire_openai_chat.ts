/**
 * OpenAI Chat Completions on the mock: reads a `/chat/completions` body, renders a reply
 * as chunks ending with a usage chunk (empty `choices`) then `[DONE]`, or one JSON
 * completion. Wire shape: https://platform.openai.com/docs/api-reference/chat-streaming
 *
 * @module
 */
import type { MockDecision, MockUsage, ModelRequest, PastCall } from "./_mock_types.ts";
import { sse, textOf } from "./_wire_util.ts";

type Obj = Record<string, unknown>;

/** Reads a Chat Completions request body. */
export function readOpenAiChat(body: Obj): ModelRequest {
  const tools = ((body.tools ?? []) as Obj[]).map((t) => {
    const fn = (t.function ?? t) as Obj;
    return { name: String(fn.name), schema: fn.parameters as Obj | undefined };
  });
  const calls: PastCall[] = [];
  const byId = new Map<string, PastCall>();
  const system: string[] = [];
  for (const m of (body.messages ?? []) as Obj[]) {
    if (m.role === "system" || m.role === "developer") system.push(textOf(m.content));
    for (const tc of (m.tool_calls ?? []) as Obj[]) {
      const call: PastCall = { name: String((tc.function as Obj)?.name) };
      byId.set(String(tc.id), call);
      calls.push(call);
    }
    if (m.role === "tool") {
      const call = byId.get(String(m.tool_call_id));
      if (call) call.result = textOf(m.content);
    }
  }
  return {
    api: "openai-chat",
    model: String(body.model ?? ""),
    stream: body.stream === true,
    tools,
    calls,
    system: system.join("\n"),
  };
}

function usageOf(u: MockUsage) {
  return {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
  };
}

/** Renders the reply as the host asked: a stream of chunks or one completion. */
export function renderOpenAiChat(
  req: ModelRequest,
  d: MockDecision,
  usage: MockUsage,
  id: string,
): { type: string; body: string } {
  const created = 1_700_000_000;
  const finish = d.kind === "tool" ? "tool_calls" : "stop";
  const toolCall = d.kind === "tool"
    ? {
      id: `call_${id}`,
      type: "function",
      function: { name: d.name, arguments: JSON.stringify(d.args) },
    }
    : undefined;
  const head = { id: `chatcmpl-${id}`, created, model: req.model };
  if (!req.stream) {
    const message = toolCall
      ? { role: "assistant", content: null, tool_calls: [toolCall] }
      : { role: "assistant", content: (d as { text: string }).text };
    return {
      type: "application/json",
      body: JSON.stringify({
        ...head,
        object: "chat.completion",
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: usageOf(usage),
      }),
    };
  }
  const chunk = (choices: unknown[], extra: Obj = {}) =>
    sse({ ...head, object: "chat.completion.chunk", choices, ...extra });
  const delta = toolCall
    ? { role: "assistant", content: null, tool_calls: [{ index: 0, ...toolCall }] }
    : { role: "assistant", content: (d as { text: string }).text };
  return {
    type: "text/event-stream",
    body: chunk([{ index: 0, delta, finish_reason: null }]) +
      chunk([{ index: 0, delta: {}, finish_reason: finish }]) +
      chunk([], { usage: usageOf(usage) }) +
      sse("[DONE]"),
  };
}
