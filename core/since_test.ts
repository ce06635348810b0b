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

test("a window reaching before 1970 starts at the epoch: a valid time, never an invalid date", () => {
  const since = parseSince("99999999999d", Date.UTC(2026, 0, 1));
  assert.equal(since, 0);
  assert.equal(new Date(since!).toISOString(), "1970-01-01T00:00:00.000Z");
  assert.equal(
    parseSince("20000d", Date.UTC(2026, 0, 1)),
    Date.UTC(2026, 0, 1) - 20000 * 86_400_000,
  );
});
