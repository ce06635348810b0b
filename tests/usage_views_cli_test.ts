import { test } from "node:test";
import assert from "node:assert/strict";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, usageFixture } from "./_helpers/usage.ts";

const host = hostAt(usageFixture("agent-kit/home"));
const report = async (...argv: string[]) => {
  const run = await runCliCaptured(["usage", "report", "--json", "--no-cache", ...argv], host);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
};
const keys = (body: { rows: { key: string }[] }) => body.rows.map((r) => r.key);

test("--since and --until take YYYYMMDD, YYYY-MM-DD and short flags, whole days in the zone", async () => {
  const all = await report("--by", "day", "--utc");
  assert.deepEqual(keys(all), [
    "2025-12-01",
    "2025-12-30",
    "2025-12-31",
    "2026-01-01",
    "2026-01-02",
  ]);
  const a = await report("--by", "day", "--utc", "--since", "20251230", "--until", "2025-12-31");
  assert.deepEqual(keys(a), ["2025-12-30", "2025-12-31"]);
  const b = await report("--by", "day", "--utc", "-s", "2025-12-30", "-u", "20251231", "-O");
  assert.deepEqual(b.rows, a.rows);
  assert.equal(a.since, "2025-12-30T00:00:00.000Z");
  assert.equal(a.until, "2026-01-01T00:00:00.000Z");
  // Totals add up to the rows they keep.
  assert.equal(a.totals.total, a.rows.reduce((n: number, r: { total: number }) => n + r.total, 0));
});

test("--timezone moves day boundaries; --by week and month; --order flips", async () => {
  // The fixture's requests fall in the morning, UTC: a day earlier in Los Angeles.
  const la = await report("--by", "day", "-z", "America/Los_Angeles");
  assert.equal(la.timeZone, "America/Los_Angeles");
  const utc = await report("--by", "day", "--utc");
  assert.equal(la.totals.total, utc.totals.total);
  assert.deepEqual(keys(la), [
    "2025-11-30",
    "2025-12-29",
    "2025-12-30",
    "2025-12-31",
    "2026-01-01",
  ]);
  assert.deepEqual(keys(await report("--by", "week", "--utc")), ["2025-12-01", "2025-12-29"]);
  assert.deepEqual(keys(await report("--by", "month", "--utc", "-o", "desc")), [
    "2026-01",
    "2025-12",
  ]);
  const models = await report("--by", "model");
  const costs = models.rows.map((r: { costUsd?: number }) => r.costUsd ?? -1);
  assert.deepEqual(costs, [...costs].sort((x: number, y: number) => y - x));
  assert.deepEqual(keys(await report("--by", "model", "--order", "asc")), keys(models).reverse());
});

test("--breakdown lists each row's models in --json, adding up to the row", async () => {
  const body = await report("--by", "platform", "--breakdown", "--platform", "grok-build");
  const [row] = body.rows;
  assert.deepEqual(row.breakdown.map((m: { key: string }) => m.key), ["grok-main", "grok-mini"]);
  assert.equal(
    row.breakdown.reduce((n: number, m: { total: number }) => n + m.total, 0),
    row.total,
  );
});

test("session rows carry their project in --json; bad view flags are usage errors", async () => {
  const body = await report("--by", "session");
  assert.ok(body.rows.some((r: { project?: string }) => r.project === "/u/me/work"));
  for (
    const argv of [
      ["--timezone", "Mars/Olympus"],
      ["--order", "up"],
      ["--until", "yesterday"],
      ["--format", "html"],
      ["--by", "year"],
    ]
  ) {
    const run = await runCliCaptured(["usage", "report", ...argv], host);
    assert.equal(run.code, 2, argv.join(" "));
    assert.match(run.stderr, /usage report: /);
  }
});
