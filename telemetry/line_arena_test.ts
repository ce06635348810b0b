import { test } from "node:test";
import assert from "node:assert/strict";
import { LineArena } from "./line_arena.ts";

test("regions are handed out in order, wrap round, and reuse space once earlier ones are freed", () => {
  const arena = new LineArena(160);
  const a = arena.alloc(48)!;
  const b = arena.alloc(48)!;
  assert.deepEqual([a.at, b.at], [0, 48]);
  assert.equal(arena.alloc(72), undefined, "only 64 bytes left at the end, none at the start");
  arena.free(b.at); // freed out of order: its space waits for a
  assert.equal(arena.alloc(72), undefined);
  arena.free(a.at);
  assert.equal(arena.used, 0);
  const c = arena.alloc(112)!;
  const d = arena.alloc(48)!;
  assert.deepEqual([c.at, d.at], [0, 112]);
  arena.free(c.at);
  const e = arena.alloc(96)!; // wraps to the start, before d
  assert.equal(e.at, 0);
  assert.equal(arena.alloc(17), undefined, "16 bytes between e and d");
  assert.ok(arena.holds(e.bytes) && !arena.holds(new Uint8Array(4)));
  e.bytes.set([1, 2, 3]);
  assert.deepEqual([...new Uint8Array(arena.memory, 0, 3)], [1, 2, 3]);
});

test("regions start at 8-byte boundaries, after odd-sized ones and after wrapping", () => {
  const arena = new LineArena(64);
  const a = arena.alloc(5)!;
  const b = arena.alloc(3)!;
  const c = arena.alloc(17)!;
  assert.deepEqual([a.at, b.at, c.at], [0, 8, 16]);
  assert.equal(arena.alloc(25), undefined, "c ends at 33: the next start is 40, 24 bytes left");
  const d = arena.alloc(20)!;
  assert.equal(d.at, 40);
  arena.free(a.at);
  arena.free(b.at);
  const e = arena.alloc(9)!; // wraps; 16 bytes free before c
  assert.equal(e.at, 0);
  assert.equal(arena.alloc(1), undefined, "e ends at 9: the next start would be 16, c's");
  assert.equal(d.bytes.length, 20);
});

test("a line larger than the arena, or empty, gets no region", () => {
  const arena = new LineArena(10);
  assert.equal(arena.alloc(11), undefined);
  assert.equal(arena.alloc(0), undefined);
});
