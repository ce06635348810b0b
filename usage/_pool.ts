/**
 * Runs decode jobs on this thread and, when there is enough to read, on
 * worker threads too: jobs are split into byte-balanced buckets (largest
 * first), one per thread. A worker that fails hands its jobs back to this
 * thread, so a scan never depends on workers.
 *
 * @module
 */

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { HostId } from "../core/platform_types.ts";
import { type DecodeJob, decodeJob, type DecodeResult } from "./_decode.ts";
import { loadReader } from "./readers/registry.ts";

/** Below this many bytes to read, starting a worker costs more than it saves. */
export const WORKER_MIN_BYTES: number = 48 << 20;

/** How many threads to use for `bytes` to read: `requested` caps it (0 = this thread only). */
export function threadCount(bytes: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  if (bytes < WORKER_MIN_BYTES) return 1;
  let cores = 1;
  try {
    cores = availableParallelism();
  } catch { /* no sys permission: one thread */ }
  return Math.max(1, Math.min(cores, 4, Math.ceil(bytes / WORKER_MIN_BYTES)));
}

/** Runs `jobs` on `threads` threads; `onResult` sees each result as it lands. */
export async function runJobs(
  jobs: DecodeJob[],
  threads: number,
  onResult: (index: number, result: DecodeResult) => void,
): Promise<void> {
  const order = jobs.map((_, i) => i).sort((a, b) => cost(jobs[b]) - cost(jobs[a]));
  const buckets: number[][] = Array.from({ length: Math.max(1, threads) }, () => []);
  const load = buckets.map(() => 0);
  for (const i of order) {
    let best = 0;
    for (let b = 1; b < buckets.length; b++) if (load[b] < load[best]) best = b;
    buckets[best].push(i);
    load[best] += cost(jobs[i]);
  }
  const pending = buckets.slice(1).filter((b) => b.length > 0).map((bucket) =>
    runInWorker(jobs, bucket, onResult).catch(async (left: number[]) => {
      await runHere(jobs, left, onResult);
    })
  );
  await runHere(jobs, buckets[0], onResult);
  await Promise.all(pending);
}

function cost(job: DecodeJob): number {
  return job.size - job.from + 4096;
}

async function runHere(
  jobs: DecodeJob[],
  indexes: number[],
  onResult: (index: number, result: DecodeResult) => void,
): Promise<void> {
  let yielded = Date.now();
  for (const i of indexes) {
    const reader = await loadReader(jobs[i].readerId as HostId);
    onResult(i, await decodeJob(reader, jobs[i]));
    if (Date.now() - yielded > 100) {
      // Let worker messages and the progress line through.
      await new Promise((resolve) => setTimeout(resolve, 0));
      yielded = Date.now();
    }
  }
}

/** Rejects with the indexes it did not finish when the worker fails. */
function runInWorker(
  jobs: DecodeJob[],
  indexes: number[],
  onResult: (index: number, result: DecodeResult) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const left = new Set(indexes);
    let worker: Worker;
    try {
      const self = import.meta.url;
      const file = self.endsWith(".ts") ? "./_scan_worker.ts" : "./_scan_worker.js";
      worker = new Worker(new URL(file, self), {
        workerData: { jobs: indexes.map((i) => [i, jobs[i]]) },
      });
    } catch {
      reject([...left]);
      return;
    }
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject([...left]);
    };
    worker.on("message", (msg: { index?: number; result?: DecodeResult; done?: boolean }) => {
      if (msg.done) {
        settled = true;
        void worker.terminate();
        resolve();
        return;
      }
      if (msg.index !== undefined && msg.result) {
        left.delete(msg.index);
        onResult(msg.index, msg.result);
      }
    });
    worker.on("error", fail);
    worker.on("exit", () => {
      if (!settled) fail();
    });
  });
}
