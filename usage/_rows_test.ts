import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { prefers, rowsOf } from "./_rows.ts";
import { Dedup, mergeRows } from "./_dedup.ts";
import { DigestIndex, DigestSet } from "./_digests.ts";
import { KeySet } from "./_keys.ts";
import { ByteReader, ByteWriter } from "./_codec.ts";
import { preferRecord } from "./tokens.ts";
import { recordAt } from "./table.ts";
import type { ReaderRecord } from "./reader.ts";

const record: fc.Arbitrary<ReaderRecord> = fc.record({
  key: fc.constantFrom("a", "b", "c"),
  ts: fc.integer({ min: 0, max: 3 }),
  sessionId: fc.constantFrom("s1", "s2"),
  projectKey: fc.constantFrom("p1", "p2"),
  modelId: fc.option(fc.constantFrom("m1", "m2"), { nil: undefined }),
  providerId: fc.option(fc.constantFrom("v1", "v2"), { nil: undefined }),
  pricingMultiplier: fc.option(fc.constantFrom(1, 2), { nil: undefined }),
  tokens: fc.record({
    input: fc.integer({ min: 0, max: 3 }),
    cacheRead: fc.integer({ min: 0, max: 3 }),
    cacheWrite: fc.integer({ min: 0, max: 2 }),
    cacheWrite1h: fc.constant(0),
    output: fc.integer({ min: 0, max: 3 }),
    reasoning: fc.integer({ min: 0, max: 1 }),
  }),
  costUsd: fc.option(fc.constantFrom(0, 1), { nil: undefined }),
  secondary: fc.boolean(),
});

const rows = (rs: ReaderRecord[]) => rowsOf("claude-code", "host-reported", rs);

test("the column rule picks the same record as preferRecord", () => {
  fc.assert(
    fc.property(record, record, (a, b) => {
      assert.equal(prefers(rows([a]), 0, rows([b]), 0), preferRecord(a, b) === a);
    }),
    { numRuns: 400 },
  );
});

test("merging keeps one row per key, the same whatever the order of the parts", () => {
  fc.assert(
    fc.property(fc.array(fc.array(record, { maxLength: 4 }), { maxLength: 4 }), (parts) => {
      const pick = (ps: ReaderRecord[][]) => {
        const merged = mergeRows("claude-code", "host-reported", ps.map(rows));
        const out = merged.keys.map((k, i) => [k, recordAt(merged.table, i)] as const);
        return out.sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([k, r]) => JSON.stringify([k, r]));
      };
      const expected = new Map<string, ReaderRecord>();
      for (const r of parts.flat()) {
        const had = expected.get(r.key);
        expected.set(r.key, had ? preferRecord(had, r) : r);
      }
      const got = pick(parts);
      assert.equal(got.length, expected.size);
      assert.deepEqual(pick([...parts].reverse()), got);
    }),
    { numRuns: 400 },
  );
});

test("a merge taken without its keys gives the same rows, and lets the keys go", () => {
  fc.assert(
    fc.property(fc.array(fc.array(record, { maxLength: 5 }), { maxLength: 4 }), (parts) => {
      const take = (withKeys: boolean) => {
        const merge = new Dedup("claude-code", "host-reported");
        parts.forEach((part, i) => merge.add(rows(part), i + 1));
        return merge.result(withKeys);
      };
      const kept = take(true);
      const dropped = take(false);
      assert.equal(kept.keys?.size, kept.table.count);
      assert.ok(dropped.keys === undefined, "the keys were kept");
      const all = (t: typeof kept.table) =>
        Array.from({ length: t.count }, (_, i) => JSON.stringify(recordAt(t, i)));
      assert.deepEqual(all(dropped.table), all(kept.table));
      assert.deepEqual([...dropped.secondary], [...kept.secondary]);
    }),
    { numRuns: 200 },
  );
});

test("a merge holding its keys as digests gives the same rows as one holding the keys", () => {
  fc.assert(
    fc.property(fc.array(fc.array(record, { maxLength: 5 }), { maxLength: 4 }), (parts) => {
      const take = (exact: boolean) => {
        const merge = new Dedup("claude-code", "host-reported", undefined, exact);
        parts.forEach((part, i) => merge.add(rows(part), i + 1));
        return merge.result();
      };
      const kept = take(true);
      const digested = take(false);
      assert.ok(kept.keys instanceof KeySet && digested.keys instanceof DigestSet);
      assert.equal(digested.keys.size, digested.table.count);
      const all = (t: typeof kept.table) =>
        Array.from({ length: t.count }, (_, i) => JSON.stringify(recordAt(t, i)));
      assert.deepEqual(all(digested.table), all(kept.table));
      assert.deepEqual([...digested.secondary], [...kept.secondary]);
    }),
    { numRuns: 200 },
  );
});

test("a merge hands its key digests, in row order, to a saver before building the table, and keeps none", () => {
  fc.assert(
    fc.property(fc.array(fc.array(record, { maxLength: 5 }), { maxLength: 4 }), (parts) => {
      const merge = (keys: Parameters<Dedup["result"]>[0], exact = false) => {
        const m = new Dedup("claude-code", "host-reported", undefined, exact);
        parts.forEach((part, i) => m.add(rows(part), i + 1));
        return m.result(keys);
      };
      const exact = merge(true, true);
      const names = Array.from(exact.order!, (slot) => (exact.keys as KeySet).key(slot));
      let handed: DigestIndex | undefined;
      let flags: number[] = [];
      const saved = merge((k) => {
        assert.equal(handed, undefined, "handed twice");
        const w = new ByteWriter();
        k.keys.write(w, k.order);
        handed = new DigestIndex(new ByteReader(w.result()));
        flags = [...k.secondary];
      });
      assert.ok(saved.keys === undefined, "the keys were kept after saving");
      assert.equal(handed!.size, names.length);
      names.forEach((name, row) => assert.equal(handed!.find(name), row));
      assert.equal(handed!.find("a key no record has"), -1);
      assert.deepEqual(flags, [...exact.secondary]);
    }),
    { numRuns: 200 },
  );
});

test("merged token counts are kept 4 bytes a row where every count fits, and exact past 2^32", () => {
  const rec = (key: string, input: number, output: number): ReaderRecord => ({
    key,
    ts: 1764489035123.5,
    sessionId: "s",
    projectKey: "p",
    costUsd: 0.25,
    tokens: { input, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output, reasoning: 0 },
  });
  const { table } = mergeRows("codex", "host-reported", [
    rows([rec("a", 7, 2 ** 32 + 5), rec("b", 2 ** 32 - 1, 1)]),
  ]);
  assert.ok(table.input instanceof Uint32Array);
  assert.ok(table.output instanceof Float64Array); // one count needs more than 4 bytes
  assert.ok(table.ts instanceof Float64Array && table.cost instanceof Float64Array);
  assert.deepEqual(Array.from(table.input), [7, 2 ** 32 - 1]);
  assert.deepEqual(Array.from(table.output), [2 ** 32 + 5, 1]);
  assert.deepEqual([table.ts[0], table.cost[0]], [1764489035123.5, 0.25]);
});
