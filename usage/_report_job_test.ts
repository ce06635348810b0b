import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { computeReport, readsAfresh, type ReportJob, runReport } from "./_report_job.ts";
import type { ScanProgress } from "./scan.ts";
import { hostAt, tempCopy } from "../tests/_helpers/usage.ts";

function job(dir: string, noCache: boolean, by: ReportJob["by"] = "model"): ReportJob {
  const host = hostAt(dir, { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") });
  return { host, noCache, by, utc: true, version: "0.0.0-test" };
}

test("a report read afresh on its own worker equals the report computed on this thread", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    for (const by of ["model", "session", "day"] as const) {
      const j = job(t.dir, true, by);
      assert.ok(readsAfresh(j));
      const seen: ScanProgress[] = [];
      const there = await runReport(j, (p) => seen.push(p));
      const here = await computeReport(j);
      assert.ok(here.result.rows.length > 0);
      assert.deepEqual(there, here);
      const last = seen.at(-1);
      assert.ok(last && last.files > 0 && last.filesDone === last.files, "no final progress");
    }
  } finally {
    t.done();
  }
});

test("a report with kept state stays on this thread; without it, or with --no-cache, it does not", () => {
  const t = tempCopy();
  try {
    assert.equal(readsAfresh(job(t.dir, false)), true); // no cache folder yet
    mkdirSync(join(t.dir, "data", "cache", "usage"), { recursive: true });
    assert.equal(readsAfresh(job(t.dir, false)), false);
    assert.equal(readsAfresh(job(t.dir, true)), true);
  } finally {
    t.done();
  }
});

test("a first cached report on a worker keeps the state a re-scan then answers from", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const first = await runReport(job(t.dir, false));
    assert.equal(readsAfresh(job(t.dir, false)), false);
    const again = await runReport(job(t.dir, false));
    assert.deepEqual(again, first);
    assert.deepEqual(await computeReport(job(t.dir, true)), first);
  } finally {
    t.done();
  }
});
