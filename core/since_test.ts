import { test } from "node:test";
import assert from "node:assert/strict";
import { parseSince } from "./since.ts";

test("parseSince converts each unit relative to now", () => {
  assert.equal(parseSince("30s", 100_000), 70_000);
  assert.equal(parseSince("2m", 1_000_000), 880_000);
  assert.equal(parseSince("1h", 10_000_000), 6_400_000);
  assert.equal(parseSince("7d", 1_000_000_000), 395_200_000);
});

test("parseSince treats empty as no bound and rejects malformed windows", () => {
  assert.equal(parseSince(undefined), undefined);
  assert.equal(parseSince(""), undefined);
  for (const bad of ["7", "d", "7w", "-1d", "1.5h"]) {
    assert.throws(() => parseSince(bad), RangeError);
  }
});
