import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { REQUIRES_SYNC } from "../../usage/readers/synced.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const HEAD =
  "Date,Kind,Model,Max Mode,Input (w/ Cache Write),Input (w/o Cache Write),Cache Read,Output Tokens,Total Tokens,Cost";

test("an installed Cursor without a local cache is a skip note; an absent one says nothing", async () => {
  const scan = (home: string) =>
    scanUsage({ machine: hostAt(home), platforms: ["cursor"], cache: false });
  const absent = await scan("/nonexistent");
  assert.deepEqual([absent.records, absent.skipped], [[], []]);
  const { dir, done } = tempCopy();
  try {
    mkdirSync(join(dir, ".cursor"));
    const { records, skipped } = await scan(dir);
    assert.deepEqual(records, []);
    assert.deepEqual(skipped, [{ platform: "cursor", reason: REQUIRES_SYNC }]);
    assert.match(
      REQUIRES_SYNC,
      /^requires sync — .*vendor's service, not in a log on this machine/,
    );
  } finally {
    done();
  }
});

test("a local Cursor usage export is read: disjoint input columns, Cursor's cost, overlaps once", async () => {
  const { dir, done } = tempCopy();
  try {
    const cache = join(dir, ".config", "tokscale", "cursor-cache");
    mkdirSync(cache, { recursive: true });
    const rows = [
      // total = 2000 + 100 + 50000 + 900: the two input columns are disjoint.
      '"2026-02-01T10:00:00.000Z","Included","auto","No","2000","100","50000","900","53000","0.21"',
      '"2026-02-01T11:00:00.000Z","On-Demand","gpt-5-codex","No","0","700","6000","300","7000","$0.04"',
    ];
    writeFileSync(join(cache, "usage.csv"), [HEAD, ...rows].join("\r\n") + "\r\n");
    // A second export that overlaps the first by one row, and an old-format row (total nests the inputs).
    writeFileSync(
      join(cache, "usage.work.csv"),
      [HEAD, rows[1]].join("\n") + "\n",
    );
    writeFileSync(
      join(cache, "usage.old.csv"),
      "Date,Model,Input (w/ Cache Write),Input (w/o Cache Write),Cache Read,Output Tokens,Total Tokens,Cost,Cost to you\n" +
        "2025-12-01,claude-sonnet-4-5,50,10,0,5,55,$0.10,$0.10\n",
    );
    const { records, skipped, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["cursor"],
      cache: false,
    });
    assert.deepEqual(skipped, []);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), [100 + 700 + 10, 50000 + 6000, 2000 + 40, 900 + 300 + 5]);
    const cost = records.reduce((n, r) => n + r.costUsd!, 0);
    assert.ok(Math.abs(cost - 0.35) < 1e-9);
  } finally {
    done();
  }
});
