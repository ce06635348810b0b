/**
 * Gemini on the mock: reads a `models/<m>:generateContent` or `:streamGenerateContent`
 * body, renders the reply as SSE chunks (`alt=sse`) or one JSON response, with
 * `usageMetadata`. Wire shape: https://ai.google.dev/api/generate-content
 *
 * @module
 */
import type { MockDecision, MockUsage, ModelRequest, PastCall } from "./_mock_types.ts";
import { sse, textOf } from "./_wire_util.ts";

type Obj = Record<string, unknown>;

/** Reads a Gemini request body; `model` and `stream` come from the path. */
export function readGemini(body: Obj, model: string, stream: boolean): ModelRequest {
  const tools = ((body.tools ?? []) as Obj[]).flatMap((t) =>
    ((t.functionDeclarations ?? []) as Obj[]).map((f) => ({
      name: String(f.name),
      schema: (f.parameters ?? f.parametersJsonSchema) as Obj | undefined,
    }))
  );
  const calls: PastCall[] = [];
  for (const content of (body.contents ?? []) as Obj[]) {
    for (const part of (content.parts ?? []) as Obj[]) {
      const call = part.functionCall as Obj | undefined;
      if (call) calls.push({ name: String(call.name) });
      const response = part.functionResponse as Obj | undefined;
      if (response) {
        const open = [...calls].reverse().find((c) =>
          c.name === response.name && c.result === undefined
        );
        if (open) open.result = textOf(response.response);
      }
    }
  }
  const system = body.systemInstruction as Obj | undefined;
  return {
    api: "gemini",
    model,
    stream,
    tools,
    calls,
    system: textOf(system?.parts),
  };
}

/** Renders the reply as SSE chunks or one response. */
export function renderGemini(
  req: ModelRequest,
  d: MockDecision,
  usage: MockUsage,
): { type: string; body: string } {
  const part = d.kind === "tool"
    ? { functionCall: { name: d.name, args: d.args } }
    : { text: d.text };
  const response = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: usage.input,
      candidatesTokenCount: usage.output,
      cachedContentTokenCount: usage.cacheRead,
      totalTokenCount: usage.input + usage.output,
    },
    modelVersion: req.model,
  };
  if (!req.stream) return { type: "application/json", body: JSON.stringify(response) };
  return { type: "text/event-stream", body: sse(response) };
}
