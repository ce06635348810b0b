/**
 * OpenAI Responses on the mock (Codex `wire_api = "responses"`): reads a `/responses`
 * body, renders the reply as SSE ending in `response.completed` with the usage.
 * Codex offers MCP tools as a `namespace` tool (`mcp__<server>` holding the server's
 * tools) and expects the call back as a `function_call` naming that namespace
 * (recipes/real-hosts.md, Codex 0.171.0).
 * Wire shape: https://platform.openai.com/docs/api-reference/responses-streaming
 *
 * @module
 */
import type {
  MockDecision,
  MockUsage,
  ModelRequest,
  OfferedTool,
  PastCall,
} from "./_mock_types.ts";
import { sse, textOf } from "./_wire_util.ts";

type Obj = Record<string, unknown>;

function flattenTools(tools: Obj[], namespace?: string): OfferedTool[] {
  return tools.flatMap((t): OfferedTool[] => {
    if (Array.isArray(t.tools)) return flattenTools(t.tools as Obj[], String(t.name));
    if (typeof t.name !== "string") return [];
    return [{ name: t.name, namespace, schema: t.parameters as Obj | undefined }];
  });
}

/** Reads a Responses request body. */
export function readOpenAiResponses(body: Obj): ModelRequest {
  const calls: PastCall[] = [];
  const byId = new Map<string, PastCall>();
  const system: string[] = [textOf(body.instructions)];
  const input = Array.isArray(body.input) ? body.input as Obj[] : [];
  for (const item of input) {
    if (item.type === "message" && (item.role === "developer" || item.role === "system")) {
      system.push(textOf(item.content));
    } else if (item.type === "function_call" || item.type === "custom_tool_call") {
      const call: PastCall = { name: String(item.name) };
      byId.set(String(item.call_id), call);
      calls.push(call);
    } else if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      const call = byId.get(String(item.call_id));
      if (call) call.result = textOf(item.output);
    }
  }
  return {
    api: "openai-responses",
    model: String(body.model ?? ""),
    stream: body.stream !== false,
    tools: flattenTools((body.tools ?? []) as Obj[]),
    calls,
    system: system.filter(Boolean).join("\n"),
  };
}

/** Renders the reply as the Responses event stream. */
export function renderOpenAiResponses(
  req: ModelRequest,
  d: MockDecision,
  usage: MockUsage,
  id: string,
): { type: string; body: string } {
  const item: Obj = d.kind === "tool"
    ? {
      type: "function_call",
      id: `fc_${id}`,
      call_id: `call_${id}`,
      name: d.name,
      ...(d.namespace ? { namespace: d.namespace } : {}),
      arguments: JSON.stringify(d.args),
      status: "completed",
    }
    : {
      type: "message",
      id: `msg_${id}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: d.text, annotations: [] }],
    };
  const response = {
    id: `resp_${id}`,
    object: "response",
    created_at: 1_700_000_000,
    model: req.model,
    status: "completed",
    output: [item],
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: usage.cacheRead },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  };
  const events: Obj[] = [
    { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
    {
      type: "response.output_item.added",
      output_index: 0,
      item: { ...item, status: "in_progress" },
    },
  ];
  if (d.kind === "text") {
    events.push({
      type: "response.output_text.delta",
      item_id: item.id,
      output_index: 0,
      content_index: 0,
      delta: d.text,
    });
  }
  events.push(
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response },
  );
  return {
    type: "text/event-stream",
    body: events.map((e) => sse(e, String(e.type))).join(""),
  };
}
