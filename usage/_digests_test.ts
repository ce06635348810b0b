import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { digest128, DigestIndex, DigestSet } from "./_digests.ts";
import { ByteReader, ByteWriter } from "./_codec.ts";
import { encodeKeys } from "./_keys.ts";
import { statSync } from "node:fs";
import { decodeJob } from "./_decode.ts";
import type { Rows } from "./_rows.ts";
import { createLister } from "./_walk.ts";
import { loadReader, readerIds } from "./readers/registry.ts";
import { hostAt, usageFixture } from "../tests/_helpers/usage.ts";

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

test("every request key of the usage fixtures digests apart from every other", async () => {
  const homes: [string, Record<string, string>][] = [
    [usageFixture("agent-kit/home"), {}],
    [usageFixture("tokscale"), {}],
    [usageFixture("ccusage"), {
      CLAUDE_CONFIG_DIR: usageFixture("ccusage/claude"),
      CODEX_HOME: usageFixture("ccusage/codex"),
    }],
  ];
  const distinct = new Set<string>();
  const set = new DigestSet();
  for (const [home, env] of homes) {
    for (const id of readerIds()) {
      const reader = await loadReader(id);
      const sources = await reader.sources(hostAt(home, env), createLister(() => {}));
      for (const source of sources) {
        const size = statSync(source.path).size;
        const { rows } = await decodeJob(reader, {
          readerId: id,
          source,
          from: 0,
          size,
          mtimeMs: 0,
        });
        for (const key of (rows as Rows).keys) {
          const k = `${id}\u0000${key}`;
          const slot = set.add(k);
          assert.equal(slot < 0, !distinct.has(k), `${k}: a new key must take a new slot`);
          distinct.add(k);
        }
      }
    }
  }
  assert.ok(distinct.size > 30, `only ${distinct.size} keys read: the fixtures moved?`);
  assert.equal(set.size, distinct.size);
});

test("a digest set saved in any order reads back, and is searched in place, with the keys in that order", () => {
  fc.assert(
    fc.property(fc.uniqueArray(key, { maxLength: 3000 }), fc.boolean(), (keys, reverse) => {
      const set = new DigestSet();
      for (const k of keys) set.add(k);
      const order = keys.map((_, i) => (reverse ? keys.length - 1 - i : i));
      const w = new ByteWriter();
      w.u32(7); // not at offset 0, as in a keys file
      set.write(w, order);
      const bytes = w.result();
      const r = new ByteReader(bytes);
      r.u32();
      const back = DigestSet.read(r);
      const r2 = new ByteReader(bytes);
      r2.u32();
      const index = new DigestIndex(r2);
      assert.equal(back.size, keys.length);
      assert.equal(index.size, keys.length);
      order.forEach((slot, i) => {
        assert.equal(back.add(keys[slot]), i);
        assert.equal(index.find(keys[slot]), i);
      });
      assert.equal(back.size, keys.length);
      assert.equal(index.find("\u0000 not among the keys"), -1);
    }),
    { numRuns: 60 },
  );
});
