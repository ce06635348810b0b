import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runJobs, type RunStats, type WorkerHeapLimits } from "./_pool.ts";
import type { DecodeJob, DecodeResult } from "./_decode.ts";
import { readRows } from "./_codec.ts";
import type { Rows } from "./_rows.ts";

const line = (id: string, out: number) =>
  JSON.stringify({
    type: "assistant",
    sessionId: "s",
    timestamp: "2026-01-01T00:00:00Z",
    requestId: `r-${id}`,
    message: { id, model: "m", usage: { input_tokens: 10, output_tokens: out } },
  }) + "\n";

function job(dir: string, name: string, requests: number): DecodeJob {
  const path = join(dir, name);
  const lines: string[] = [];
  for (let i = 0; i < requests; i++) lines.push(line(`${name}-${i}`, i % 97));
  writeFileSync(path, lines.join(""));
  const size = lines.reduce((n, l) => n + l.length, 0);
  return { readerId: "claude-code", source: { path, format: "jsonl" }, from: 0, size, mtimeMs: 0 };
}

/** Each job's request count and output total, whichever thread decoded it. */
function summary(result: DecodeResult): [number, number] {
  const rows = result.rows instanceof Uint8Array
    ? readRows(result.rows, "claude-code", "host-reported")
    : result.rows as Rows;
  let out = 0;
  for (let i = 0; i < rows.table.count; i++) out += rows.table.output[i];
  return [rows.table.count, out];
}

/**
 * Runs `jobs` on this thread alone and on `threads`; checks each job is
 * reported once and equal either way. The threaded run's stats and results.
 */
async function againstOneThread(
  jobs: DecodeJob[],
  threads: number,
  limits?: WorkerHeapLimits,
): Promise<{ stats: RunStats; there: Map<number, [number, number]> }> {
  const here = new Map<number, [number, number]>();
  await runJobs(jobs, 1, (i, r) => here.set(i, summary(r)));
  const there = new Map<number, [number, number]>();
  const stats = await runJobs(jobs, threads, (i, r) => {
    assert.ok(!there.has(i), `job ${i} reported twice`);
    there.set(i, summary(r));
  }, limits);
  assert.deepEqual([...there].sort(), [...here].sort());
  return { stats, there };
}

test("a source too big for a capped worker is decoded alone in an uncapped one, never on this thread", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    // 60,000 requests in one file: its records outgrow a worker capped at 16 MB of heap.
    const jobs = [job(dir, "big", 60_000), job(dir, "small1", 50), job(dir, "small2", 50)];
    const { stats, there } = await againstOneThread(jobs, 2, {
      maxYoungGenerationSizeMb: 2,
      maxOldGenerationSizeMb: 16,
    });
    // The big one went to the worker; the two small ones stayed on this thread.
    assert.deepEqual(stats, { here: 2, retried: 1 });
    assert.equal(there.get(0)![0], 60_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("small sources run in capped workers without a retry", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const jobs = [job(dir, "a", 200), job(dir, "b", 300), job(dir, "c", 100)];
    const seen: number[] = [];
    const stats = await runJobs(jobs, 3, (i, r) => {
      seen.push(i);
      assert.equal(summary(r)[0], [200, 300, 100][i]);
    });
    // b and a on the two workers, c (the smallest) on this thread.
    assert.deepEqual(stats, { here: 1, retried: 0 });
    assert.deepEqual(seen.sort(), [0, 1, 2]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a job is decoded once whether its worker or this thread, done first, takes it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    // Many equal jobs: this thread ends its share long before a worker has
    // booted, and takes the worker's from the end of its bucket.
    const jobs = Array.from({ length: 40 }, (_, i) => job(dir, `s${i}`, 20 + i));
    const { stats } = await againstOneThread(jobs, 2);
    assert.equal(stats.retried, 0);
    assert.ok(stats.here >= 1 && stats.here < jobs.length, `here: ${stats.here}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
