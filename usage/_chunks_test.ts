import { test } from "node:test";
import assert from "node:assert/strict";
import { CHUNK_ROWS, Chunked } from "./_chunks.ts";

test("a widening chunked array keeps every value exactly, in 4 bytes while they fit", () => {
  const c = new Chunked((n) => new Uint32Array(n), 0, true);
  c.ensure(3 * CHUNK_ROWS);
  const values = new Map<number, number>([
    [0, 7],
    [1, 2 ** 32 - 1],
    [CHUNK_ROWS + 5, 2 ** 33 + 1], // past 32 bits: this chunk widens
    [CHUNK_ROWS + 6, 12],
    [2 * CHUNK_ROWS, 0.5], // a fraction widens its chunk too
  ]);
  for (const [i, v] of values) c.set(i, v);
  for (const [i, v] of values) assert.equal(c.get(i), v);
  assert.equal(c.get(CHUNK_ROWS + 7), 0);
  assert.ok(c.chunks[0] instanceof Uint32Array, "a chunk whose values fit stays 4 bytes a row");
  assert.ok(c.chunks[1] instanceof Float64Array);
  assert.ok(c.chunks[2] instanceof Float64Array);
});

test("a chunked array without widening allocates no chunk for blank values", () => {
  const c = new Chunked((n) => new Float64Array(n), NaN);
  c.ensure(2 * CHUNK_ROWS);
  c.set(3, NaN);
  assert.equal(c.chunks[0], undefined);
  assert.ok(Number.isNaN(c.get(3)));
  c.set(CHUNK_ROWS, 1.25);
  assert.equal(c.get(CHUNK_ROWS), 1.25);
  assert.ok(Number.isNaN(c.get(CHUNK_ROWS + 1)));
});
