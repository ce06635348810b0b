import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { digest128, DigestSet } from "./_digests.ts";
import { encodeKeys } from "./_keys.ts";

const hex = (text: string, seed: number) => {
  const b = new TextEncoder().encode(text);
  const out = new Int32Array(4);
  digest128(b, 0, b.length, out, seed);
  return [...out].map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
};

test("the digest is MurmurHash3 x86_128: the reference implementation's published values", () => {
  // From the test program of github.com/PeterScott/murmur3 (a port of Appleby's
  // reference): a 13-byte tail and a 28-byte input crossing a 16-byte block.
  assert.equal(hex("Hello, world!", 123), "61c9129e5a1aacd7a41621629e37c886");
  assert.equal(hex("Hello, world!", 321), "d5fbdcb3c26c4193045880c5a7170f0f");
  assert.equal(hex("x".repeat(28), 123), "5e40bab278825a164cf929d31fec6047");
  assert.equal(hex("", 0), "0".repeat(32));
});

const key = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((u) =>
    String.fromCharCode(...u)
  ),
);

test("a digest set finds each distinct string once, from strings or from their bytes", () => {
  fc.assert(
    fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
      const set = new DigestSet();
      const fromBytes = new DigestSet();
      const { arena, ends } = encodeKeys(keys);
      const seen = new Map<string, number>();
      keys.forEach((k, i) => {
        const slot = set.add(k);
        assert.equal(fromBytes.addBytes(arena, i === 0 ? 0 : ends[i - 1], ends[i]), slot);
        if (seen.has(k)) assert.equal(slot, seen.get(k));
        else {
          assert.equal(slot, -1 - seen.size);
          seen.set(k, seen.size);
        }
      });
      assert.equal(set.size, seen.size);
    }),
    { numRuns: 200 },
  );
});

test("a digest set keeps its slots as its table grows past many thousand keys", () => {
  const set = new DigestSet();
  const n = 20_000; // the table doubles from 1,024 slots several times
  for (let i = 0; i < n; i++) assert.equal(set.add(`rollout-${i}:1700000000000:${i}.0.0`), -1 - i);
  for (let i = 0; i < n; i += 7) assert.equal(set.add(`rollout-${i}:1700000000000:${i}.0.0`), i);
  assert.equal(set.size, n);
});

test("two keys whose digests share their first 32 bits stay two keys", () => {
  // Birthday search: ~2^16 keys give two with the same first word (the probe start).
  const first = new Map<number, string>();
  const out = new Int32Array(4);
  const enc = new TextEncoder();
  let pair: [string, string] | undefined;
  for (let i = 0; !pair; i++) {
    const k = `msg_${i}:req_${i}`;
    const b = enc.encode(k);
    digest128(b, 0, b.length, out);
    const had = first.get(out[0]);
    if (had !== undefined) pair = [had, k];
    else first.set(out[0], k);
  }
  const set = new DigestSet();
  assert.equal(set.add(pair[0]), -1);
  assert.equal(set.add(pair[1]), -2);
  assert.equal(set.add(pair[0]), 0);
  assert.equal(set.add(pair[1]), 1);
});
