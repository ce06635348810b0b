import { test } from "node:test";
import assert from "node:assert/strict";
import { checkZone, dayIn, midnight, monthOf, parseBound, weekOf } from "./dates.ts";

test("a date bound is its whole day in the zone; a window counts back from now", () => {
  const now = Date.UTC(2026, 0, 20, 12);
  for (const v of ["20260115", "2026-01-15"]) {
    assert.equal(parseBound(v, "since", "UTC", now), Date.UTC(2026, 0, 15));
    assert.equal(parseBound(v, "until", "UTC", now), Date.UTC(2026, 0, 16));
  }
  // Paris is UTC+1 in January: its day starts at 23:00 UTC the day before.
  assert.equal(parseBound("20260115", "since", "Europe/Paris", now), Date.UTC(2026, 0, 14, 23));
  // New York on the day DST starts (2026-03-08): midnight is still EST, UTC-5.
  assert.equal(midnight(2026, 3, 8, "America/New_York"), Date.UTC(2026, 2, 8, 5));
  assert.equal(midnight(2026, 3, 9, "America/New_York"), Date.UTC(2026, 2, 9, 4));
  // The last day of a month runs to the next month's first midnight.
  assert.equal(parseBound("2026-01-31", "until", "UTC", now), Date.UTC(2026, 1, 1));
  assert.equal(parseBound("7d", "since", "UTC", now), now - 7 * 86_400_000);
  assert.equal(parseBound("24h", "until", "UTC", now), now - 86_400_000);
  assert.equal(parseBound(undefined, "since", "UTC", now), undefined);
  assert.throws(
    () => parseBound("20260230", "since", "UTC"),
    /invalid --since "20260230": no such date/,
  );
  assert.throws(
    () => parseBound("last week", "until", "UTC"),
    /invalid --until "last week": use a date/,
  );
});

test("days, ISO weeks (by their Monday) and months in a zone", () => {
  const t = Date.UTC(2026, 0, 4, 23, 30); // Sunday 23:30 UTC, Monday 00:30 in Paris
  assert.equal(dayIn(t, "UTC"), "2026-01-04");
  assert.equal(dayIn(t, "Europe/Paris"), "2026-01-05");
  assert.equal(weekOf("2026-01-04"), "2025-12-29");
  assert.equal(weekOf("2026-01-05"), "2026-01-05");
  assert.equal(weekOf("2026-01-11"), "2026-01-05");
  assert.equal(monthOf("2026-01-31"), "2026-01");
  checkZone("Asia/Tokyo");
  checkZone("UTC");
  assert.throws(() => checkZone("Mars/Olympus"), /unknown time zone "Mars\/Olympus"/);
});
