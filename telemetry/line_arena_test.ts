import { test } from "node:test";
import assert from "node:assert/strict";
import { LineArena } from "./line_arena.ts";

test("regions are handed out in order, wrap round, and reuse space once earlier ones are freed", () => {
  const arena = new LineArena(100);
  const a = arena.alloc(40)!;
  const b = arena.alloc(40)!;
  assert.deepEqual([a.at, b.at], [0, 40]);
  assert.equal(arena.alloc(30), undefined, "only 20 bytes left at the end, none at the start");
  arena.free(b.at); // freed out of order: its space waits for a
  assert.equal(arena.alloc(30), undefined);
  arena.free(a.at);
  assert.equal(arena.used, 0);
  const c = arena.alloc(70)!;
  const d = arena.alloc(30)!;
  assert.deepEqual([c.at, d.at], [0, 70]);
  arena.free(c.at);
  const e = arena.alloc(60)!; // wraps to the start, before d
  assert.equal(e.at, 0);
  assert.equal(arena.alloc(11), undefined, "10 bytes between e and d");
  assert.ok(arena.holds(e.bytes) && !arena.holds(new Uint8Array(4)));
  e.bytes.set([1, 2, 3]);
  assert.deepEqual([...new Uint8Array(arena.memory, 0, 3)], [1, 2, 3]);
});

test("a line larger than the arena, or empty, gets no region", () => {
  const arena = new LineArena(10);
  assert.equal(arena.alloc(11), undefined);
  assert.equal(arena.alloc(0), undefined);
});
