import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { createRing, GAP_TAG, gapSides, RingReader, RingWriter } from "./byte_ring.ts";

const bytes = (...n: number[]) => new Uint8Array(n);

test("records come out in order, whole, across the wrap-around", () => {
  const memory = createRing(64);
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
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  assert.ok(w.write(0, new Uint8Array(20)));
  assert.equal(w.write(1, new Uint8Array(20)), false);
  assert.deepEqual(r.take().map(([tag, b]) => [tag, b.length]), [[0, 20]]);
  assert.ok(w.write(1, bytes(7)));
  const [gap, next] = r.take();
  assert.deepEqual([gap[0], gapSides(gap[1]), next[0], next[1].length], [GAP_TAG, 0b10, 1, 1]);
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
  const memory = createRing(48);
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
    [1, [21, 22, 23, 24, 25, 26, 27, 28], true, true],
    [1, [29, 30], false, true],
  ]);
  assert.equal(r.pending, 0);
});

test("every record's bytes start at a multiple of 8 in the ring, whatever the lengths before", () => {
  const memory = createRing(1 << 10);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  const offsets: number[] = [];
  const lengths: number[] = [];
  for (let n = 1; n < 60; n += 7) {
    assert.ok(w.write(n % 2, new Uint8Array(n).fill(n)));
    r.visit((_tag, b) => {
      offsets.push(b.byteOffset % 8);
      lengths.push(b.length);
      assert.ok(b.every((x) => x === b.length));
    });
  }
  assert.deepEqual(offsets, offsets.map(() => 0));
  assert.deepEqual(lengths, [1, 8, 15, 22, 29, 36, 43, 50, 57]);
});

test("any run of writes and takes on a small ring gives back what was accepted, with a gap wherever records were dropped", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(fc.record({ write: fc.nat(90), tag: fc.nat(1) }), fc.constant({ take: true })),
        { maxLength: 80, size: "max" },
      ),
      (steps) => {
        const memory = createRing(128);
        const w = new RingWriter(memory);
        const r = new RingReader(memory);
        const expected: Array<[number, number[]]> = [];
        const got: Array<[number, number[]]> = [];
        let dropped = 0;
        let fill = 0;
        const take = () => {
          for (const [tag, b] of r.take()) {
            // Gap records in a row (one written, then more dropped) say one gap.
            const last = got.at(-1);
            if (tag === GAP_TAG && last?.[0] === GAP_TAG) last[1] = [last[1][0] | gapSides(b)];
            else got.push([tag, tag === GAP_TAG ? [gapSides(b)] : [...b]]);
          }
        };
        for (const step of steps) {
          if ("take" in step) {
            take();
            continue;
          }
          const bytes = new Uint8Array(step.write).map(() => fill++ & 0xff);
          if (w.write(step.tag, bytes)) {
            if (dropped) expected.push([GAP_TAG, [dropped]]);
            dropped = 0;
            expected.push([step.tag, [...bytes]]);
          } else dropped |= 1 << step.tag;
        }
        take();
        assert.ok(w.flushGap(), "an empty ring has room for the gap record");
        take();
        if (dropped) expected.push([GAP_TAG, [dropped]]);
        assert.deepEqual(got, expected);
        assert.equal(r.pending, 0);
      },
    ),
    { numRuns: 500, endOnFailure: true },
  );
});

test("a sleeping consumer is woken once, by the first record after it slept", () => {
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(0, bytes(1));
  assert.ok(w.claimWake(), "a new ring's consumer sleeps until the first record");
  w.write(0, bytes(2));
  assert.equal(w.claimWake(), false, "it is awake: no second wake-up");
  r.take();
  assert.ok(r.sleep(), "nothing waiting: it goes to sleep");
  assert.equal(w.claimWake(), true);
  assert.equal(w.claimWake(), false);
});

test("a consumer that finds records written before it slept stays awake for them", () => {
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(0, bytes(1));
  w.claimWake();
  r.take();
  // Written after the take, while the consumer was still awake: no wake-up claimed.
  w.write(0, bytes(2));
  assert.equal(w.claimWake(), false);
  assert.equal(r.sleep(), false, "records wait that no one would wake it for");
  assert.equal(w.claimWake(), false, "and the producer need not wake it");
  assert.deepEqual(r.take(), [[0, bytes(2)]]);
  assert.ok(r.sleep());
});

test("the consumer sees which tag wrote last and how often the tag changed", () => {
  const memory = createRing(64);
  const w = new RingWriter(memory);
  const r = new RingReader(memory);
  w.write(1, bytes(1));
  assert.equal(r.lastTag, 1);
  w.write(0, bytes(2));
  assert.equal(r.lastTag, 0);
  assert.equal(w.write(1, new Uint8Array(100)), false);
  assert.equal(r.lastTag, 0, "a dropped record did not write");
  w.write(0, bytes(3));
  assert.equal(r.switches, 2, "1 → 0 once, and 0 → 0 is no change");
});
