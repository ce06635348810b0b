import { test } from "node:test";
import assert from "node:assert/strict";
import {
  measureHeuristic,
  measureWith,
  planArguments,
  planResponse,
  planToolDefs,
} from "./measure.ts";

const byChar = (t: string) => t.length; // a stand-in tokenizer: one token per UTF-16 unit

test("arguments are measured as compact JSON", () => {
  const plan = planArguments({ message: "hi", n: 1 });
  assert.deepEqual(plan.texts, [{ text: '{"message":"hi","n":1}', kind: "json" }]);
  assert.deepEqual(measureWith(plan, byChar), { tokens: 22, quality: "exact" });
  assert.deepEqual(planArguments(undefined).texts, []);
});

test("text content and structured content are tokenized; an image is priced, not tokenized", () => {
  const png = btoa(String.fromCharCode(
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    0,
    0,
    0,
    20,
    0,
    0,
    0,
    20,
    8,
    6,
    0,
    0,
    0,
  ));
  const plan = planResponse({
    result: {
      content: [
        { type: "text", text: "abc" },
        { type: "image", data: png, mimeType: "image/png" },
        { type: "resource", resource: { uri: "file:///x", text: "body" } },
        { type: "resource", resource: { uri: "file:///y", blob: "AAAA" } },
        { type: "resource_link", uri: "file:///z", name: "z" },
      ],
      structuredContent: { ok: true },
    },
  });
  assert.deepEqual(plan.texts.map((t) => t.text), [
    "abc",
    "file:///x",
    "body",
    "file:///y",
    '{"type":"resource_link","uri":"file:///z","name":"z"}',
    '{"ok":true}',
  ]);
  assert.equal(plan.fixedTokens, 1);
  assert.equal(plan.estimated, true);
  assert.equal(measureWith(plan, byChar).quality, "heuristic");
});

test("a JSON-RPC error is measured by its message and data", () => {
  const plan = planResponse({ error: { code: -32000, message: "boom", data: { why: 1 } } });
  assert.deepEqual(plan.texts.map((t) => t.text), ["boom", '{"why":1}']);
});

test("tool definitions are measured as the compact JSON of the tools array", () => {
  const tools = [{ name: "a", inputSchema: { type: "object" } }];
  assert.equal(planToolDefs(tools).texts[0].text, JSON.stringify(tools));
});

test("the heuristic measures the same plan without a tokenizer", () => {
  // '{"a":"12345678"}' is 16 characters of JSON: ceil(16 / 3).
  assert.deepEqual(measureHeuristic(planArguments({ a: "12345678" })), {
    tokens: 6,
    quality: "heuristic",
  });
});
