import { test } from "node:test";
import assert from "node:assert/strict";
import { LINE_HEAD_BYTES, LINE_TAIL_BYTES } from "./drop_ledger.ts";
import { LostLineBuilder, lostMessage, SizeOnly } from "./lost_line.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

/** What is known of `line` when bytes [from, to) of it never arrived. */
function holed(line: string, from: number, to: number) {
  const b = bytes(line);
  const builder = new LostLineBuilder();
  builder.known(b.subarray(0, from));
  builder.missing(to - from);
  builder.known(b.subarray(to));
  return builder.finish();
}

const filler = "z".repeat(5000);

test("a request in the TypeScript SDK's key order: id and jsonrpc last", () => {
  const line = JSON.stringify({
    method: "tools/call",
    params: { name: "search", arguments: { q: filler } },
    jsonrpc: "2.0",
    id: 7,
  });
  const lost = holed(line, 100, line.length - 50);
  assert.equal(lost.length, line.length);
  assert.deepEqual(lostMessage(lost), {
    id: 7,
    method: "tools/call",
    params: { name: "search", arguments: new SizeOnly(line.length) },
  });
});

test("a request whose tool name comes after its arguments is named from its tail", () => {
  const line = JSON.stringify({
    jsonrpc: "2.0",
    id: 'a"b',
    method: "tools/call",
    params: { arguments: { q: filler }, name: "late" },
  });
  assert.deepEqual(lostMessage(holed(line, 200, line.length - 60)), {
    id: 'a"b',
    method: "tools/call",
    params: { name: "late", arguments: new SizeOnly(line.length) },
  });
});

test("responses: id first or last, an error, and isError at the result's end", () => {
  const first = JSON.stringify({ jsonrpc: "2.0", id: 3, result: { content: [{ text: filler }] } });
  assert.deepEqual(lostMessage(holed(first, 60, first.length - 10)), {
    id: 3,
    result: new SizeOnly(first.length),
  });
  const last = JSON.stringify({
    result: { content: [{ text: filler }], isError: true },
    jsonrpc: "2.0",
    id: 12,
  });
  assert.deepEqual(lostMessage(holed(last, 20, last.length - 40)), {
    id: 12,
    result: new SizeOnly(last.length, true),
  });
  const error = JSON.stringify({ jsonrpc: "2.0", id: 4, error: { code: 1, message: filler } });
  assert.deepEqual(lostMessage(holed(error, 50, error.length - 5)), {
    id: 4,
    error: new SizeOnly(error.length, true),
  });
});

test("a number cut by the end of what is known is not read as the id", () => {
  // The head ends inside the id: 123456 must not become 12.
  const line = `{"jsonrpc":"2.0","id":123456,"result":{"text":"${filler}"}}`;
  const at = line.indexOf("3456");
  assert.equal(lostMessage(holed(line, at, line.length - 3)), undefined);
});

test("a line none of whose bytes were missing is handed back whole", () => {
  const builder = new LostLineBuilder();
  builder.known(bytes('{"id":1,'));
  builder.missing(0);
  builder.known(bytes('"result":{}}'));
  const line = builder.finish();
  assert.equal(new TextDecoder().decode(line.whole), '{"id":1,"result":{}}');
});

test("the head stops at the first missing byte and the tail keeps only the bytes after the last", () => {
  const builder = new LostLineBuilder();
  builder.known(bytes("abc"));
  builder.missing(10);
  builder.known(bytes("d".repeat(LINE_HEAD_BYTES)));
  builder.missing(5);
  builder.known(bytes("e".repeat(LINE_TAIL_BYTES + 3)));
  const line = builder.finish();
  assert.equal(line.whole, undefined);
  assert.equal(line.length, 3 + 10 + LINE_HEAD_BYTES + 5 + LINE_TAIL_BYTES + 3);
  assert.equal(new TextDecoder().decode(line.head), "abc");
  assert.equal(new TextDecoder().decode(line.tail), "e".repeat(LINE_TAIL_BYTES));
});
