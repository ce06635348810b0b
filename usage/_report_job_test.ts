import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { computeReport, firstCachedRun, type ReportJob, runReport } from "./_report_job.ts";
import type { ScanProgress } from "./scan.ts";
import { hostAt, tempCopy } from "../tests/_helpers/usage.ts";

function job(dir: string, noCache: boolean, by: ReportJob["by"] = "model"): ReportJob {
  const machine = hostAt(dir, { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") });
  return { machine, noCache, by, utc: true, version: "0.0.0-test" };
}

test("a first cached report on its own worker equals the report computed on this thread", async () => {
  for (const by of ["model", "session", "day"] as const) {
    const t = tempCopy("agent-kit/home");
    try {
      const j = job(t.dir, false, by);
      assert.ok(await firstCachedRun(j));
      const seen: ScanProgress[] = [];
      const there = await runReport(j, (p) => seen.push(p));
      const here = await computeReport(job(t.dir, true, by));
      assert.ok(here.result.rows.length > 0);
      assert.deepEqual(there, here);
      const last = seen.at(-1);
      assert.ok(last && last.files > 0 && last.filesDone === last.files, "no final progress");
    } finally {
      t.done();
    }
  }
});

test("a --no-cache report on its own worker equals the report computed on this thread", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const there = await runReport(job(t.dir, true, "session"));
    const here = await computeReport(job(t.dir, true, "session"));
    assert.ok(here.result.rows.length > 0);
    assert.deepEqual(there, here);
  } finally {
    t.done();
  }
});

test("the first report with the cache is the one that builds it; kept state and --no-cache are not", async () => {
  const t = tempCopy();
  try {
    assert.equal(await firstCachedRun(job(t.dir, false)), true); // no cache folder yet
    assert.equal(await firstCachedRun(job(t.dir, true)), false);
    mkdirSync(join(t.dir, "data", "cache", "usage"), { recursive: true });
    assert.equal(await firstCachedRun(job(t.dir, false)), false);
  } finally {
    t.done();
  }
});

test("a first cached report on a worker keeps the state a re-scan then answers from", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const first = await runReport(job(t.dir, false));
    assert.equal(await firstCachedRun(job(t.dir, false)), false);
    const again = await runReport(job(t.dir, false));
    assert.deepEqual(again, first);
    assert.deepEqual(await computeReport(job(t.dir, true)), first);
  } finally {
    t.done();
  }
});
