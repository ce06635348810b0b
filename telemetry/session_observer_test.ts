import { test } from "node:test";
import assert from "node:assert/strict";
import { type CallObserved, createSessionObserver } from "./session_observer.ts";

function observe() {
  const calls: CallObserved[] = [];
  const defs: unknown[][] = [];
  const infos: unknown[] = [];
  const o = createSessionObserver({
    onCall: (c) => calls.push(c),
    onToolDefs: (t) => defs.push(t),
    onClientInfo: (i) => infos.push(i),
  });
  return { o, calls, defs, infos };
}

test("a call is paired with the server's response of the same id", () => {
  const { o, calls } = observe();
  o.observe("client", {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "echo", arguments: { m: 1 } },
  });
  assert.equal(calls.length, 0);
  o.observe("server", { jsonrpc: "2.0", id: 1, result: { content: [] } });
  assert.deepEqual(calls, [{
    toolName: "echo",
    arguments: { m: 1 },
    response: { result: { content: [] }, error: undefined },
    end: "response",
  }]);
});

test("a server request with the same id does not answer the client's call", () => {
  const { o, calls } = observe();
  o.observe("client", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "sample" } });
  o.observe("server", { jsonrpc: "2.0", id: 1, method: "sampling/createMessage", params: {} });
  o.observe("client", { jsonrpc: "2.0", id: 1, result: { model: "m" } }); // answers the server
  assert.equal(calls.length, 0);
  o.observe("server", {
    jsonrpc: "2.0",
    id: 1,
    result: { content: [{ type: "text", text: "x" }] },
  });
  assert.equal(calls.length, 1);
  assert.equal(calls[0].toolName, "sample");
});

test('ids 1 and "1" are different requests', () => {
  const { o, calls } = observe();
  o.observe("client", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a" } });
  o.observe("client", { jsonrpc: "2.0", id: "1", method: "tools/call", params: { name: "b" } });
  o.observe("server", { jsonrpc: "2.0", id: "1", result: {} });
  assert.deepEqual(calls.map((c) => c.toolName), ["b"]);
});

test("errors, batches, cancellations and calls left unanswered are all reported", () => {
  const { o, calls } = observe();
  o.observe("client", [
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "a" } },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "b" } },
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "c" } },
  ]);
  o.observe("server", [{ jsonrpc: "2.0", id: 1, error: { code: -1, message: "no" } }]);
  o.observe("client", {
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: 2 },
  });
  o.abandonPending();
  assert.deepEqual(calls.map((c) => [c.toolName, c.end]), [
    ["a", "response"],
    ["b", "cancelled"],
    ["c", "no-response"],
  ]);
  assert.deepEqual(calls[0].response?.error, { code: -1, message: "no" });
});

test("tool definitions are reported once, after the last page of the first listing", () => {
  const { o, defs } = observe();
  o.observe("client", { jsonrpc: "2.0", id: 1, method: "tools/list" });
  o.observe("server", {
    jsonrpc: "2.0",
    id: 1,
    result: { tools: [{ name: "a" }], nextCursor: "p2" },
  });
  assert.equal(defs.length, 0);
  o.observe("client", { jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: "p2" } });
  o.observe("server", { jsonrpc: "2.0", id: 2, result: { tools: [{ name: "b" }] } });
  o.observe("client", { jsonrpc: "2.0", id: 3, method: "tools/list" });
  o.observe("server", { jsonrpc: "2.0", id: 3, result: { tools: [{ name: "c" }] } });
  assert.deepEqual(defs, [[{ name: "a" }, { name: "b" }]]);
});

test("measureToolDefs: false reports no listing", () => {
  const defs: unknown[] = [];
  const o = createSessionObserver({ onToolDefs: (t) => defs.push(t) }, { measureToolDefs: false });
  o.observe("client", { jsonrpc: "2.0", id: 1, method: "tools/list" });
  o.observe("server", { jsonrpc: "2.0", id: 1, result: { tools: [] } });
  assert.deepEqual(defs, []);
});

test("the client's initialize reports its clientInfo", () => {
  const { o, infos } = observe();
  o.observe("client", {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { clientInfo: { name: "codex-mcp-client", version: "1" } },
  });
  assert.deepEqual(infos, [{ name: "codex-mcp-client", version: "1" }]);
});

test("junk is ignored", () => {
  const { o, calls } = observe();
  for (const junk of [null, 3, "x", [], [null], { id: 1 }, { result: 1 }]) {
    o.observe("server", junk);
  }
  assert.equal(calls.length, 0);
});

test("after lost bytes a waiting call still pairs with its answer; one never answered is forgotten", () => {
  const { o, calls } = observe();
  const ask = (id: number) =>
    o.observe("client", { jsonrpc: "2.0", id, method: "tools/call", params: { name: `t${id}` } });
  ask(1);
  ask(2);
  o.bytesLost();
  ask(3);
  o.observe("server", { jsonrpc: "2.0", id: 2, result: { content: [] } });
  o.abandonPending();
  assert.deepEqual(calls.map((c) => [c.toolName, c.end]), [
    ["t2", "response"],
    ["t3", "no-response"],
  ]);
});
