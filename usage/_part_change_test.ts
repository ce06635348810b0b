import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { aggregatePart, mergeParts } from "./aggregate.ts";
import { applyChange } from "./_part_change.ts";
import { tableOf } from "./table.ts";
import { USAGE_GROUP_BY } from "../core/usage_types.ts";

const recordArb = fc.record({
  ts: fc.integer({ min: 1_767_225_600_000, max: 1_767_225_600_000 + 5 * 86_400_000 }),
  sessionId: fc.constantFrom("a", "b", "c"),
  projectKey: fc.constantFrom("/p", "/q"),
  modelId: fc.constantFrom("m1", "m2"),
  costUsd: fc.option(fc.double({ min: 0, max: 3, noNaN: true, noDefaultInfinity: true }), {
    nil: undefined,
  }),
  tokens: fc.record({
    input: fc.nat(5000),
    cacheRead: fc.nat(5000),
    cacheWrite: fc.nat(50),
    cacheWrite1h: fc.constant(0),
    output: fc.nat(900),
    reasoning: fc.constant(0),
  }),
});

test("a kept part brought up to date by a change equals the part aggregated afresh", () => {
  let followed = 0;
  fc.assert(
    fc.property(
      fc.array(recordArb, { minLength: 1 }),
      fc.array(fc.tuple(fc.nat(), recordArb)),
      fc.array(recordArb),
      fc.constantFrom(...USAGE_GROUP_BY),
      (before, replaced, appended, by) => {
        const after = [...before];
        const removed = [];
        const added = [];
        const seen = new Set<number>();
        for (const [at, row] of replaced) {
          // A merge's change replaces a row once (its first value out, its last in).
          const i = at % after.length;
          if (seen.has(i)) continue;
          seen.add(i);
          removed.push(after[i]);
          after[i] = row;
          added.push(row);
        }
        after.push(...appended);
        added.push(...appended);
        const t = (rows: typeof before) => tableOf("codex", "host-reported", rows);
        const options = { utc: true };
        const kept = JSON.parse(JSON.stringify(aggregatePart([t(before)], by, options)));
        // When a removed row may have held a group's latest time, the part refuses.
        const part = applyChange(kept, t(added), t(removed), by, options);
        if (!part) return;
        followed++;
        assert.deepEqual(
          mergeParts([part], by),
          mergeParts([aggregatePart([t(after)], by, options)], by),
        );
      },
    ),
    { numRuns: 300 },
  );
  assert.ok(followed > 100);
});
