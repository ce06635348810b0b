import { test } from "node:test";
import assert from "node:assert/strict";
import { createRing, GAP_TAG, RingReader, RingWriter } from "./byte_ring.ts";

const bytes = (...n: number[]) => new Uint8Array(n);

test("records come out in order, whole, across the wrap-around", () => {
  const memory = createRing(32);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  for (let round = 0; round < 10; round++) {
    assert.ok(w.write(0, bytes(round, 1, 2)));
    assert.ok(w.write(1, bytes(round, 9)));
    assert.deepEqual(r.take(), [[0, bytes(round, 1, 2)], [1, bytes(round, 9)]]);
    assert.equal(r.pending, 0);
  }
});

test("a record that does not fit is dropped and a gap marks where", () => {
  const memory = createRing(32);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  assert.ok(w.write(0, new Uint8Array(20)));
  assert.equal(w.write(1, new Uint8Array(20)), false);
  assert.deepEqual(r.take().map(([tag, b]) => [tag, b.length]), [[0, 20]]);
  assert.ok(w.write(1, bytes(7)));
  assert.deepEqual(r.take().map(([tag, b]) => [tag, b.length]), [[GAP_TAG, 0], [1, 1]]);
});

test("the copies handed out are the reader's own", () => {
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(0, bytes(1, 2, 3));
  const [[, got]] = r.take();
  w.write(0, bytes(4, 5, 6));
  r.take();
  assert.deepEqual(got, bytes(1, 2, 3));
});

test("prefaulting while the producer writes changes no byte", () => {
  const memory = createRing(1 << 16);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(0, new Uint8Array(5000).fill(7));
  r.prefault();
  const [[tag, got]] = r.take();
  assert.equal(tag, 0);
  assert.ok(got.every((b) => b === 7));
});

test("a damaged ring is skipped as a gap, never read forever", () => {
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(0, bytes(1, 2, 3));
  new Uint8Array(memory.data).fill(0xff, 0, 5); // a header claiming 4 GB
  assert.deepEqual(r.take().map(([tag]) => tag), [GAP_TAG]);
  assert.equal(r.pending, 0);
});

test("visiting reads records in place, a wrapped one in two views, and frees their room", () => {
  const memory = createRing(32);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  const seen: Array<[number, number[], boolean, boolean]> = [];
  const visit = (tag: number, b: Uint8Array, more: boolean) =>
    void seen.push([tag, [...b], more, b.buffer === memory.data]);
  assert.ok(w.write(0, bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18)));
  r.visit(visit);
  assert.ok(w.write(1, bytes(21, 22, 23, 24, 25, 26, 27, 28, 29, 30)));
  r.visit(visit);
  assert.deepEqual(seen, [
    [0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], false, true],
    [1, [21, 22, 23, 24], true, true],
    [1, [25, 26, 27, 28, 29, 30], false, true],
  ]);
  assert.equal(r.pending, 0);
});
