import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { exactAdd, exactMerge, exactValue } from "./_exact_sum.ts";

function sum(xs: readonly number[]): number {
  const p: number[] = [];
  for (const x of xs) exactAdd(p, x);
  return exactValue(p);
}

test("an exact sum is correctly rounded where a running sum is not", () => {
  assert.equal(0.1 + 0.2 + 0.3, 0.6000000000000001);
  assert.equal(sum([0.1, 0.2, 0.3]), 0.6);
  assert.equal(sum([1e100, 1, -1e100]), 1);
  assert.equal(sum([]), 0);
  // A tie broken by what lies below it (Python's fsum gives the same).
  assert.equal(sum([1, 2 ** -53]), 1);
  assert.equal(1 + 2 ** -53 + 2 ** -106, 1);
  assert.equal(sum([1, 2 ** -53, 2 ** -106]), 1.0000000000000002);
});

test("an exact sum does not depend on order nor on how the parts were grouped", () => {
  const money = fc.double({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true });
  fc.assert(
    fc.property(fc.array(money, { maxLength: 60 }), fc.nat(60), (xs, cut) => {
      const whole = sum(xs);
      assert.equal(sum([...xs].reverse()), whole);
      const a: number[] = [];
      const b: number[] = [];
      xs.forEach((x, i) => exactAdd(i < cut ? a : b, x));
      exactMerge(b, a);
      assert.equal(exactValue(b), whole);
    }),
    { numRuns: 300 },
  );
});
