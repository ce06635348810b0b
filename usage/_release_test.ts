import { test } from "node:test";
import assert from "node:assert/strict";
import { release, RELEASES } from "./_release.ts";
import { Chunked } from "./_chunks.ts";
import { ByteWriter } from "./_codec.ts";

test("a released array's buffer is given back at once where the runtime can", () => {
  const a = new Uint32Array(1 << 16).fill(7);
  const view = new Uint8Array(a.buffer, 8, 8);
  release(a, undefined);
  // Deno (and Node ≥ 21) detach the buffer: every view of it reads empty.
  assert.equal(a.length, RELEASES ? 0 : 1 << 16);
  assert.equal(view.length, RELEASES ? 0 : 8);
  release(a); // twice is harmless
});

test("a released chunked array holds nothing and reads blank", () => {
  const c = new Chunked((n) => new Float64Array(n), NaN);
  c.ensure(40_000);
  c.set(3, 1.5);
  c.set(39_999, 2);
  const first = c.chunks[0]!;
  c.release();
  assert.equal(c.chunks.length, 0);
  if (RELEASES) assert.equal(first.length, 0);
  c.ensure(4);
  assert.ok(Number.isNaN(c.get(3)));
});

test("a byte writer that grows keeps every byte written before", () => {
  const w = new ByteWriter(16);
  for (let i = 0; i < 5000; i++) w.u32(i);
  const out = new Uint32Array(w.result().slice().buffer);
  assert.equal(out.length, 5000);
  assert.equal(out[0], 0);
  assert.equal(out[4999], 4999);
  w.release();
});
