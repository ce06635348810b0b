import { test } from "node:test";
import assert from "node:assert/strict";
import { LineSplitter } from "./line_splitter.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

test("lines split across chunks are joined, a multi-byte character intact", () => {
  const s = new LineSplitter();
  const bytes = enc('{"a":"日本"}\n{"b":2}\n{"c"');
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) out.push(...s.push(bytes.subarray(i, i + 3)).map(dec));
  assert.deepEqual(out, ['{"a":"日本"}', '{"b":2}']);
  assert.equal(s.pending, 4);
  assert.deepEqual(s.push(enc(":3}\r\n")).map(dec), ['{"c":3}\r']);
});

test("empty lines are skipped", () => {
  assert.deepEqual(new LineSplitter().push(enc("\n\nx\n\n")).map(dec), ["x"]);
});

test("a line over the limit is dropped whole and the next line is kept", () => {
  const s = new LineSplitter(8);
  assert.deepEqual(s.push(enc("0123")), []);
  assert.deepEqual(s.push(enc("456789")), []);
  assert.deepEqual(s.push(enc("abc\nok\n")).map(dec), ["ok"]);
  assert.equal(s.pending, 0);
});
