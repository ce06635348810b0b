// deno-lint-ignore-file no-explicit-any -- the tests index into parsed wire JSON.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { defaultUsage, FINAL_PREFIX, type MockModel, startMockModel } from "./mock_model.ts";
import { MAX_SEARCHES } from "./_mock_script.ts";

const TOOL = { name: "lab_lookup", args: { query: "word" } };

async function post(mock: MockModel, path: string, body: unknown) {
  const res = await fetch(mock.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    text: await res.text(),
  };
}

/** The JSON `data:` payloads of an SSE body, `[DONE]` kept as a string. */
function events(text: string): unknown[] {
  return text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => {
    const d = l.slice(6);
    return d === "[DONE]" ? d : JSON.parse(d);
  });
}

describe("mock model: Anthropic Messages", () => {
  let mock: MockModel;
  before(async () => mock = await startMockModel({ tool: TOOL }));
  after(() => mock.close());

  test("calls the tool whose name ends in the script's tool, streamed with the first usage", async () => {
    const r = await post(mock, "/v1/messages", {
      model: "claude-x",
      stream: true,
      system: [{ type: "text", text: "SYS-MARK" }],
      tools: [{ name: "Bash", input_schema: {} }, {
        name: "mcp__srv__lab_lookup",
        input_schema: {},
      }],
      messages: [{ role: "user", content: "go" }],
    });
    assert.equal(r.type, "text/event-stream");
    const ev = events(r.text) as Array<Record<string, any>>;
    assert.equal(ev[0].type, "message_start");
    assert.deepEqual(ev[0].message.usage, {
      input_tokens: 1234 - 789,
      output_tokens: 1,
      cache_read_input_tokens: 789,
      cache_creation_input_tokens: 0,
    });
    assert.deepEqual(ev[1].content_block, {
      type: "tool_use",
      id: "toolu_lab0",
      name: "mcp__srv__lab_lookup",
      input: {},
    });
    assert.equal(ev[2].delta.partial_json, '{"query":"word"}');
    assert.equal(ev[4].delta.stop_reason, "tool_use");
    assert.equal(ev[4].usage.output_tokens, 56);
    assert.equal(mock.modelCalls()[0].request?.system, "SYS-MARK");
  });

  test("answers with the tool result once it is in the conversation, as JSON without stream", async () => {
    const r = await post(mock, "/v1/messages", {
      model: "claude-x",
      tools: [{ name: "mcp__srv__lab_lookup" }],
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "mcp__srv__lab_lookup", input: {} }],
        },
        {
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: "t1",
            content: [{ type: "text", text: "R1" }],
          }],
        },
      ],
    });
    const message = JSON.parse(r.text);
    assert.deepEqual(message.content, [{ type: "text", text: `${FINAL_PREFIX} R1` }]);
    assert.equal(message.stop_reason, "end_turn");
    assert.equal(message.usage.input_tokens, 2345 - 890);
  });

  test("count_tokens answers a scripted number, a scripted error and after a delay", async () => {
    mock.setScript({ tool: TOOL, countTokens: { inputTokens: 321 } });
    const ok = await post(mock, "/v1/messages/count_tokens", { messages: [] });
    assert.deepEqual(JSON.parse(ok.text), { input_tokens: 321 });
    mock.setScript({ countTokens: { inputTokens: (b) => (b.messages as unknown[]).length * 10 } });
    const fn = await post(mock, "/v1/messages/count_tokens", { messages: [1, 2, 3] });
    assert.deepEqual(JSON.parse(fn.text), { input_tokens: 30 });
    mock.setScript({ countTokens: { status: 529, delayMs: 30 } });
    const started = Date.now();
    const err = await post(mock, "/v1/messages/count_tokens", { messages: [] });
    assert.equal(err.status, 529);
    assert.equal(JSON.parse(err.text).type, "error");
    assert.ok(Date.now() - started >= 25, "the delay was applied");
    assert.equal(mock.modelCalls().length, 2, "count_tokens is not a model reply");
  });

  test("HEAD / answers 200 and is recorded", async () => {
    const res = await fetch(mock.url + "/", { method: "HEAD" });
    assert.equal(res.status, 200);
    assert.equal(mock.requests.at(-1)?.route, "head");
  });
});

describe("mock model: OpenAI Chat Completions", () => {
  let mock: MockModel;
  before(async () => mock = await startMockModel({ tool: TOOL }));
  after(() => mock.close());

  test("streams a tool call, then a final usage chunk with empty choices, then [DONE]", async () => {
    const r = await post(mock, "/v1/chat/completions", {
      model: "m",
      stream: true,
      messages: [{ role: "system", content: "S" }, { role: "user", content: "go" }],
      tools: [{ type: "function", function: { name: "srv-lab_lookup", parameters: {} } }],
    });
    const ev = events(r.text) as Array<any>;
    assert.equal(ev.at(-1), "[DONE]");
    assert.deepEqual(ev.at(-2).choices, []);
    assert.deepEqual(ev.at(-2).usage, {
      prompt_tokens: 1234,
      completion_tokens: 56,
      total_tokens: 1290,
      prompt_tokens_details: { cached_tokens: 789 },
    });
    assert.equal(ev[0].choices[0].delta.tool_calls[0].function.name, "srv-lab_lookup");
    assert.equal(ev[1].choices[0].finish_reason, "tool_calls");
  });

  test("calls a deferred tool-search tool first, filling its required string argument", async () => {
    const r = await post(mock, "/v1/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "go" }],
      tools: [{
        type: "function",
        function: {
          name: "tool_search",
          parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
        },
      }],
    });
    const call = JSON.parse(r.text).choices[0].message.tool_calls[0];
    assert.equal(call.function.name, "tool_search");
    assert.deepEqual(JSON.parse(call.function.arguments), { q: "lab_lookup" });
  });

  test("answers directly when no tools are offered (auxiliary requests)", async () => {
    const r = await post(mock, "/v1/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "title?" }],
    });
    assert.equal(JSON.parse(r.text).choices[0].message.content, "lab-answer");
  });

  test("the model list names the scripted models", async () => {
    const res = await fetch(mock.url + "/v1/models");
    assert.deepEqual((await res.json()).data.map((m: { id: string }) => m.id), ["mock-model"]);
  });
});

describe("mock model: OpenAI Responses", () => {
  let mock: MockModel;
  before(async () => mock = await startMockModel({ tool: TOOL }));
  after(() => mock.close());

  test("calls a tool inside a namespace tool with the namespace, usage in response.completed", async () => {
    const r = await post(mock, "/v1/responses", {
      model: "gpt-x",
      stream: true,
      instructions: "INS",
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }],
      tools: [
        { type: "function", name: "shell", parameters: {} },
        {
          type: "namespace",
          name: "mcp__srv",
          tools: [{ type: "function", name: "lab_lookup", parameters: {} }],
        },
      ],
    });
    const ev = events(r.text) as Array<any>;
    const done = ev.find((e) => e.type === "response.output_item.done");
    assert.deepEqual(
      { name: done.item.name, namespace: done.item.namespace, args: done.item.arguments },
      { name: "lab_lookup", namespace: "mcp__srv", args: '{"query":"word"}' },
    );
    const completed = ev.at(-1);
    assert.equal(completed.type, "response.completed");
    assert.equal(completed.response.usage.input_tokens, 1234);
    assert.equal(completed.response.usage.input_tokens_details.cached_tokens, 789);
    assert.equal(mock.modelCalls()[0].request?.system, "INS");
  });

  test("answers with the function_call_output once present", async () => {
    const r = await post(mock, "/v1/responses", {
      model: "gpt-x",
      input: [
        {
          type: "function_call",
          name: "lab_lookup",
          namespace: "mcp__srv",
          call_id: "c1",
          arguments: "{}",
        },
        { type: "function_call_output", call_id: "c1", output: "OUT" },
      ],
      tools: [{
        type: "namespace",
        name: "mcp__srv",
        tools: [{ type: "function", name: "lab_lookup" }],
      }],
    });
    const ev = events(r.text) as Array<any>;
    const done = ev.find((e) => e.type === "response.output_item.done");
    assert.equal(done.item.content[0].text, `${FINAL_PREFIX} OUT`);
  });
});

describe("mock model: Gemini", () => {
  let mock: MockModel;
  before(async () => mock = await startMockModel({ tool: TOOL }));
  after(() => mock.close());

  test("streamGenerateContent?alt=sse calls the tool with usageMetadata", async () => {
    const r = await post(mock, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", {
      systemInstruction: { parts: [{ text: "GEM-SYS" }] },
      contents: [{ role: "user", parts: [{ text: "go" }] }],
      tools: [{ functionDeclarations: [{ name: "mcp_srv_lab_lookup" }] }],
    });
    const [chunk] = events(r.text) as Array<any>;
    assert.deepEqual(chunk.candidates[0].content.parts[0], {
      functionCall: { name: "mcp_srv_lab_lookup", args: { query: "word" } },
    });
    assert.deepEqual(chunk.usageMetadata, {
      promptTokenCount: 1234,
      candidatesTokenCount: 56,
      cachedContentTokenCount: 789,
      totalTokenCount: 1290,
    });
    const rec = mock.modelCalls()[0];
    assert.equal(rec.request?.model, "gemini-2.5-flash");
    assert.equal(rec.request?.system, "GEM-SYS");
  });

  test("generateContent answers with the functionResponse as JSON; countTokens answers", async () => {
    const r = await post(mock, "/v1beta/models/g:generateContent", {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "mcp_srv_lab_lookup", args: {} } }] },
        {
          role: "user",
          parts: [{ functionResponse: { name: "mcp_srv_lab_lookup", response: { output: "G1" } } }],
        },
      ],
      tools: [{ functionDeclarations: [{ name: "mcp_srv_lab_lookup" }] }],
    });
    assert.equal(JSON.parse(r.text).candidates[0].content.parts[0].text, `${FINAL_PREFIX} G1`);
    const c = await post(mock, "/v1beta/models/g:countTokens", { contents: [] });
    assert.equal(typeof JSON.parse(c.text).totalTokens, "number");
  });
});

test("usage numbers are distinct per reply and summed over every reply", async () => {
  const mock = await startMockModel();
  try {
    for (let i = 0; i < 3; i++) {
      await post(mock, "/v1/chat/completions", { model: "m", messages: [] });
    }
    assert.deepEqual(mock.modelCalls().map((r) => r.usage), [0, 1, 2].map(defaultUsage));
    assert.deepEqual(mock.totalUsage(), {
      input: 1234 + 2345 + 3456,
      output: 56 + 67 + 78,
      cacheRead: 789 + 890 + 991,
      cacheWrite: 0,
    });
    const unknown = await post(mock, "/nowhere", {});
    assert.equal(unknown.status, 404);
    assert.equal(mock.requests.at(-1)?.route, "unknown");
  } finally {
    await mock.close();
  }
});

test("after a tool search, the mock calls a prefixed name from its result, never the bare query", async () => {
  const mock = await startMockModel({ tool: TOOL });
  try {
    const searched = (...results: string[]) =>
      post(mock, "/v1/chat/completions", {
        model: "m",
        tools: [{ type: "function", function: { name: "ToolSearch", parameters: {} } }],
        messages: results.flatMap((content, i) => [
          { role: "assistant", tool_calls: [{ id: `s${i}`, function: { name: "ToolSearch" } }] },
          { role: "tool", tool_call_id: `s${i}`, content },
        ]),
      });
    const reply = async (...results: string[]) =>
      JSON.parse((await searched(...results)).text).choices[0].message;
    const found = await reply("Loaded: labconn___lab_lookup");
    assert.equal(found.tool_calls[0].function.name, "labconn___lab_lookup");
    // A search that found nothing (Droid before its MCP tools are registered) is retried,
    // and a later one that names the tool leads to the call.
    const none = 'No tools match "lab_lookup"';
    assert.equal((await reply(none)).tool_calls[0].function.name, "ToolSearch");
    const late = await reply(none, "Loaded: labconn___lab_lookup");
    assert.equal(late.tool_calls[0].function.name, "labconn___lab_lookup");
    const given = await reply(...Array(MAX_SEARCHES).fill(none));
    assert.equal(given.content, "lab-answer");
  } finally {
    await mock.close();
  }
});
