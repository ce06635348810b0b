import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { prefers, rowsOf } from "./_rows.ts";
import { Merger, mergeRows } from "./_merge.ts";
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

test("rows come out in first-appearance order, whatever order the parts were added in", () => {
  fc.assert(
    fc.property(fc.array(fc.array(record, { maxLength: 4 }), { maxLength: 5 }), (parts) => {
      const inOrder = new Merger("claude-code", "host-reported");
      parts.forEach((p, i) => inOrder.add(rows(p), i));
      const reversed = new Merger("claude-code", "host-reported");
      [...parts].reverse().forEach((p, i) => reversed.add(rows(p), parts.length - 1 - i));
      const a = inOrder.result();
      const b = reversed.result();
      assert.deepEqual(b.keys, a.keys);
      assert.deepEqual(
        Array.from({ length: b.table.count }, (_, i) => recordAt(b.table, i)),
        Array.from({ length: a.table.count }, (_, i) => recordAt(a.table, i)),
      );
      // First appearance: the order keys are first met reading the parts in order.
      assert.deepEqual(a.keys, [...new Set(parts.flat().map((r) => r.key))]);
    }),
    { numRuns: 300 },
  );
});
