import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findNewline } from "./find_newline.ts";

test("findNewline agrees with indexOf on any bytes, offsets and starting points", () => {
  fc.assert(
    fc.property(
      // Mostly bytes near "\n" (and its high-bit twin), few line ends, long enough for the word scan.
      fc.array(fc.oneof(fc.constantFrom(0x09, 0x0b, 0x8a, 0x00, 0xff, 0x61), fc.nat(255)), {
        maxLength: 600,
        size: "max",
      }).map((xs) => Uint8Array.from(xs)),
      fc.nat(7),
      fc.nat(600),
      fc.boolean(),
      (bytes, shift, from, shared) => {
        // Views at every alignment of plain and shared memory, as the ring gives them.
        const memory = shared
          ? new SharedArrayBuffer(bytes.length + 8)
          : new ArrayBuffer(bytes.length + 8);
        const view = new Uint8Array(memory, shift, bytes.length);
        view.set(bytes);
        const start = Math.min(from, bytes.length);
        assert.equal(findNewline(view, start), view.indexOf(0x0a, start));
      },
    ),
    { numRuns: 2000, endOnFailure: true },
  );
});

test("findNewline finds a line end after a megabyte without one, and reports none in such a chunk", () => {
  const chunk = new Uint8Array(new SharedArrayBuffer(1 << 20), 0, (1 << 20) - 3).fill(0x61);
  assert.equal(findNewline(chunk), -1);
  chunk[chunk.length - 1] = 0x0a;
  assert.equal(findNewline(chunk), chunk.length - 1);
  // Bytes just above and below "\n" in every lane, and the high bit set, are not line ends.
  const near = new Uint8Array(256).fill(0x0b);
  near.fill(0x09, 64, 128);
  near.fill(0x8a, 128, 192);
  assert.equal(findNewline(near), -1);
  near[200] = 0x0a;
  assert.equal(findNewline(near, 1), 200);
});
