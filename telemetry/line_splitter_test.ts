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

test("a chunk is only borrowed: reusing its memory never changes a line", () => {
  const s = new LineSplitter();
  const buf = enc('{"a":"é');
  assert.deepEqual(s.push(buf.subarray(0, buf.length - 1)), []);
  buf.fill(0x78); // the caller reuses its memory
  const [line] = s.push(new Uint8Array([0xa9, ...enc('"}\n{"b":1}\n')]));
  const rest = enc('{"c":2}\n');
  const [whole] = s.push(rest);
  rest.fill(0x78);
  assert.equal(dec(line), '{"a":"é"}');
  assert.equal(dec(whole), '{"c":2}');
});

test("a long line grows the buffer and the next line starts clean", () => {
  const s = new LineSplitter();
  const big = new Uint8Array(300_000).fill(0x61);
  for (let i = 0; i < big.length; i += 1000) {
    assert.deepEqual(s.push(big.subarray(i, i + 1000)), []);
  }
  const [line, next] = s.push(enc("b\nxy\n"));
  assert.equal(line.length, 300_001);
  assert.equal(line[299_999], 0x61);
  assert.equal(line[300_000], 0x62);
  assert.equal(dec(next), "xy");
  assert.equal(s.pending, 0);
});
