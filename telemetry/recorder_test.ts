import { test } from "node:test";
import assert from "node:assert/strict";
import { PROMPT_WORK, type RecorderDeps, SessionRecorder } from "./recorder.ts";
import type { TelemetryRow } from "./rows.ts";
import type { TelemetryStore } from "./store.ts";
import { loadO200k } from "./tokenizer.ts";
import { inProcessCounter, type TokenCounter } from "./token_counter.ts";

function memoryStore(): TelemetryStore & { written: TelemetryRow[][] } {
  const written: TelemetryRow[][] = [];
  return {
    kind: "ndjson",
    written,
    append: (rows) => void written.push([...rows]),
    // A revision replaces its provisional row where it was written.
    revise: (revisions) => {
      for (const { was, row } of revisions) {
        for (const batch of written) {
          const at = batch.findIndex((r) => r.rowId === was.rowId);
          const { rowId: _id, ...final } = row;
          if (at !== -1) batch[at] = final;
        }
      }
    },
    rows: () => written.flat(),
    groups: () => [],
    close() {},
  };
}

const enc = (m: unknown) => new TextEncoder().encode(JSON.stringify(m) + "\n");

function recorder(
  store: TelemetryStore,
  over: Partial<ConstructorParameters<typeof SessionRecorder>[0]> = {},
  loadCounter?: () => Promise<(t: string) => number>,
) {
  return new SessionRecorder({
    connectorId: "acme",
    sessionId: "s",
    projectKey: "git:x",
    projectDir: "/p",
    settings: { modelFamilyHint: "auto", measureToolDefs: true },
    ...over,
  }, {
    store,
    counter: loadCounter ? inProcessCounter(loadCounter) : undefined,
    quietMs: 0,
    now: () => new Date("2026-11-01T10:00:00.000Z"),
  });
}

/** A recorder with characters for tokens and `deps` over the defaults. */
function charRecorder(store: TelemetryStore, deps: Partial<RecorderDeps> = {}) {
  return new SessionRecorder({
    connectorId: "acme",
    sessionId: "s",
    projectKey: "git:x",
    settings: { modelFamilyHint: "auto", measureToolDefs: true },
  }, {
    store,
    counter: inProcessCounter(() => Promise.resolve((t: string) => t.length)),
    ...deps,
  });
}

const init = (name: string) => ({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } },
});

test("a call and the tool listing become rows with o200k counts (exact for an OpenAI client)", async () => {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const store = memoryStore();
  const r = recorder(store);
  const tools = [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }];
  const args = { message: "héllo wörld 日本" };
  const text = "Echo: héllo wörld 日本";
  r.push("client", enc(init("codex-mcp-client")));
  r.push("client", enc({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  r.push("server", enc({ jsonrpc: "2.0", id: 1, result: { tools } }));
  // A response split across chunks, mid-character.
  const call = enc({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "echo", arguments: args },
  });
  r.push("client", call.subarray(0, 50));
  r.push("client", call.subarray(50));
  const result = enc({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text }] } });
  const cut = result.indexOf(0xc3) + 1;
  r.push("server", result.subarray(0, cut));
  r.push("server", result.subarray(cut));
  await r.idle();
  const rows = store.written.flat();
  assert.deepEqual(
    rows.map((x) => [x.scope, x.toolName, x.inputTokens, x.outputTokens, x.confidenceSource]),
    [
      ["tool_defs", "tools/list", countTokens(JSON.stringify(tools)), 0, "tokenizer-exact"],
      ["call", "echo", countTokens(JSON.stringify(args)), countTokens(text), "tokenizer-exact"],
    ],
  );
  assert.equal(rows[1].hostPlatform, "codex");
  assert.equal(rows[1].projectDir, "/p");
  assert.equal(rows[1].isError, false);
});

test("another client's counts are labeled tokenizer-approx and --host wins over the client name", async () => {
  const store = memoryStore();
  const r = recorder(store, { hostPlatform: "cursor" });
  r.push("client", enc(init("claude-code")));
  r.push(
    "client",
    enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a", arguments: {} } }),
  );
  r.push("server", enc({ jsonrpc: "2.0", id: 1, result: { content: [], isError: true } }));
  await r.idle();
  const [row] = store.written.flat();
  assert.equal(row.confidenceSource, "tokenizer-approx");
  assert.equal(row.hostPlatform, "cursor");
  assert.equal(row.isError, true);
});

test("an unanswered call becomes an error row at finish and rows are flushed", async () => {
  const store = memoryStore();
  const r = recorder(store);
  r.push(
    "client",
    enc({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "slow", arguments: { q: 1 } },
    }),
  );
  await r.finish(Date.now() + 5_000);
  const [row] = store.written.flat();
  assert.deepEqual([row.toolName, row.isError, row.outputTokens], ["slow", true, 0]);
});

test("without a tokenizer the counts are the labeled heuristic", async () => {
  const store = memoryStore();
  const r = recorder(store, {}, () => Promise.reject(new Error("no tokenizer")));
  r.push(
    "client",
    enc({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "a", arguments: { s: "abcdefgh" } },
    }),
  );
  r.push(
    "server",
    enc({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "12345678" }] } }),
  );
  await r.idle();
  const [row] = store.written.flat();
  assert.deepEqual([row.inputTokens, row.outputTokens, row.confidenceSource], [6, 2, "heuristic"]);
});

test("work left after the deadline is estimated, not dropped", async () => {
  const store = memoryStore();
  const r = recorder(store, {}, () => new Promise(() => {})); // never loads
  r.push(
    "client",
    enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a", arguments: {} } }),
  );
  r.push(
    "server",
    enc({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "abcd" }] } }),
  );
  await r.finish(Date.now() + 50);
  const [row] = store.written.flat();
  assert.deepEqual([row.outputTokens, row.confidenceSource], [1, "heuristic"]);
});

test("non-JSON lines are ignored and never stop the session's rows", async () => {
  const store = memoryStore();
  const r = recorder(store, {}, loadO200k);
  r.push("server", new TextEncoder().encode("Starting server...\n"));
  r.push("client", enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a" } }));
  r.push("server", new TextEncoder().encode("{not json}\n"));
  r.push("server", enc({ jsonrpc: "2.0", id: 1, result: { content: [] } }));
  await r.idle();
  assert.equal(store.written.flat().length, 1);
});

test("work waits for a quiet moment, and finishing does not wait", async () => {
  const store = memoryStore();
  const r = charRecorder(store, { quietMs: 60_000 });
  r.push(
    "client",
    enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a", arguments: {} } }),
  );
  r.push(
    "server",
    enc({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "abcd" }] } }),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(store.written.flat().length, 0, "nothing is parsed while the wire is busy");
  await r.finish(Date.now() + 5_000);
  const [row] = store.written.flat();
  assert.deepEqual([row.inputTokens, row.outputTokens, row.confidenceSource], [
    2,
    4,
    "tokenizer-approx",
  ]);
});

/** A recorder whose tokenizer loads only when the test says so. */
function slowCounter(store: TelemetryStore) {
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  const r = recorder(store, {}, async () => {
    await loaded;
    return (t: string) => t.length;
  });
  r.push("client", enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a" } }));
  r.push(
    "server",
    enc({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "abcdefgh" }] } }),
  );
  return { r, release };
}

const summary = (row: TelemetryRow) => [row.outputTokens, row.confidenceSource];

test("a call whose count is slow is stored at once with the heuristic, then revised", async () => {
  const store = memoryStore();
  const { r, release } = slowCounter(store);
  // The tokenizer is still loading: the row does not wait for it.
  while (store.written.flat().length === 0) await new Promise((ok) => setTimeout(ok, 5));
  const [provisional] = store.written.flat();
  assert.deepEqual(summary(provisional), [2, "heuristic"]);
  assert.equal(typeof provisional.rowId, "string");
  release();
  await r.finish(Date.now() + 5_000);
  assert.deepEqual(store.written.flat().map(summary), [[8, "tokenizer-approx"]]);
});

test("hurry writes every unmeasured row before it returns", async () => {
  const store = memoryStore();
  const { r, release } = slowCounter(store);
  r.hurry();
  assert.deepEqual(store.written.flat().map(summary), [[2, "heuristic"]]);
  release();
  await r.finish(Date.now() + 5_000);
  assert.deepEqual(store.written.flat().map(summary), [[8, "tokenizer-approx"]]);
});

test("many small calls are counted with one request to the tokenizer", async () => {
  const store = memoryStore();
  const inner = inProcessCounter(() => Promise.resolve((t: string) => t.length));
  const asked: number[] = [];
  const counter: TokenCounter = {
    get ready() {
      return inner.ready;
    },
    warm: () => inner.warm(),
    count: (texts) => (asked.push(texts.length), inner.count(texts)),
    close: () => inner.close(),
  };
  const r = charRecorder(store, { counter, quietMs: 0 });
  for (let id = 1; id <= 10; id++) {
    r.push("client", enc({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "a" } }));
    r.push(
      "server",
      enc({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "x".repeat(id) }] } }),
    );
  }
  await r.idle();
  assert.deepEqual(
    store.written.flat().map(summary),
    Array.from({ length: 10 }, (_, i) => [i + 1, "tokenizer-approx"]),
  );
  assert.equal(asked.length, 1, `count requests: ${asked}`);
});

test("promptWork: a turn's few calls are recorded at once, a backlog waits for a pause", async () => {
  const store = memoryStore();
  const r = charRecorder(store, { quietMs: 60_000, promptWork: true });
  const call = (id: number) => {
    r.push("client", enc({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "a" } }));
    r.push("server", enc({ jsonrpc: "2.0", id, result: { content: [] } }));
  };
  call(1);
  call(2);
  await r.idle();
  assert.equal(store.written.flat().length, 2, "recorded without waiting for the quiet time");
  for (let id = 3; id < 3 + PROMPT_WORK; id++) call(id);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(store.written.flat().length, 2, "a backlog is parsed at a pause");
  await r.finish(Date.now() + 5_000);
  assert.equal(store.written.flat().length, 2 + PROMPT_WORK);
});
