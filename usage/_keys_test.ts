import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { encodeKeys, KeySet } from "./_keys.ts";

// Any UTF-16 units, lone surrogates included: each string must keep its own slot.
const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 4 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 4 }).map((u) =>
    String.fromCharCode(...u)
  ),
);

test("a key set finds each distinct string once, from strings or from their bytes", () => {
  fc.assert(
    fc.property(fc.array(key, { maxLength: 200 }), (keys) => {
      const set = new KeySet();
      const fromBytes = new KeySet();
      const { arena, ends, hashes } = encodeKeys(keys);
      const seen = new Map<string, number>();
      keys.forEach((k, i) => {
        const slot = set.add(k);
        const other = fromBytes.addBytes(arena, i === 0 ? 0 : ends[i - 1], ends[i], hashes[i]);
        assert.equal(other, slot);
        if (seen.has(k)) assert.equal(slot, seen.get(k));
        else {
          assert.equal(slot, -1 - seen.size);
          seen.set(k, seen.size);
        }
      });
      assert.equal(set.size, seen.size);
      for (const [k, slot] of seen) assert.equal(set.key(slot), k);
    }),
    { numRuns: 300 },
  );
});
