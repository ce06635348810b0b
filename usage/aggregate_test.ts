import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { HostId } from "../core/platform_types.ts";
import { aggregatePart, aggregateTables, mergeParts } from "./aggregate.ts";
import { tableOf } from "./table.ts";
import { USAGE_GROUP_BY } from "../core/usage_types.ts";

const recordArb = fc.record({
  ts: fc.integer({ min: 1_767_225_600_000, max: 1_769_904_000_000 }),
  sessionId: fc.constantFrom("a", "b", "c"),
  projectKey: fc.constantFrom("/p", "/q"),
  modelId: fc.constantFrom("m1", "m2"),
  costUsd: fc.double({ min: 0, max: 3, noNaN: true, noDefaultInfinity: true }),
  tokens: fc.record({
    input: fc.nat(5000),
    cacheRead: fc.nat(5000),
    cacheWrite: fc.nat(50),
    cacheWrite1h: fc.constant(0),
    output: fc.nat(900),
    reasoning: fc.constant(0),
  }),
});

test("rows merged from per-platform parts equal rows aggregated in one pass, to the last bit", () => {
  const ids: HostId[] = ["claude-code", "codex", "gemini-cli"];
  fc.assert(
    fc.property(
      fc.tuple(fc.array(recordArb), fc.array(recordArb), fc.array(recordArb)),
      fc.constantFrom(...USAGE_GROUP_BY),
      (lists, by) => {
        const tables = lists.map((list, i) => tableOf(ids[i], "host-reported", list));
        const whole = aggregateTables(tables, by, { utc: true });
        const parts = tables.map((t) => aggregatePart([t], by, { utc: true }));
        // Kept parts travel as JSON.
        const merged = mergeParts(JSON.parse(JSON.stringify(parts)), by);
        assert.deepEqual(merged, whole);
      },
    ),
    { numRuns: 200 },
  );
});
