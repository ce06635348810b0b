/**
 * Runs decode jobs on this thread, or, when there is enough to read, on
 * worker threads only: jobs are split into byte-balanced buckets (largest
 * first), one per worker, and this thread merges what they send. A worker
 * that fails hands its jobs back to this thread, so a scan never depends on
 * workers.
 *
 * Why this thread does not decode as well: decoding allocates at a high rate,
 * and V8 then grows a thread's young generation to its maximum (64 MB here)
 * for the rest of the process; a worker's can be capped (`resourceLimits`),
 * this thread's cannot from code.
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

/**
 * A worker's young generation, in MB (V8's default maximum here is 96).
 * Measured on the generated 1 GB tree with two workers: 8 MB gave the lowest
 * peak RSS and no more CPU than 16 or 32 MB.
 */
export const WORKER_YOUNG_MB = 8;

/**
 * Workers at most by default: each costs ~30 MB of resident memory (its own
 * V8 heap and allocator), and DESIGN §5 holds a 1 GB scan under 200 MB.
 */
export const MAX_WORKERS = 2;

/**
 * How many threads to use for `bytes` to read (1: this thread only, else that
 * many workers); `requested` overrides it.
 */
export function threadCount(bytes: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  if (bytes < WORKER_MIN_BYTES) return 1;
  let cores = 1;
  try {
    cores = availableParallelism();
  } catch { /* no sys permission: one thread */ }
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.ceil(bytes / WORKER_MIN_BYTES)));
}

/** Runs `jobs` on this thread (`threads` 1) or on `threads` workers; `onResult` sees each result as it lands. */
export async function runJobs(
  jobs: DecodeJob[],
  threads: number,
  onResult: (index: number, result: DecodeResult) => void,
): Promise<void> {
  const order = jobs.map((_, i) => i).sort((a, b) => cost(jobs[b]) - cost(jobs[a]));
  if (threads <= 1) return runHere(jobs, order, onResult);
  const buckets: number[][] = Array.from({ length: threads }, () => []);
  const load = buckets.map(() => 0);
  for (const i of order) {
    let best = 0;
    for (let b = 1; b < buckets.length; b++) if (load[b] < load[best]) best = b;
    buckets[best].push(i);
    load[best] += cost(jobs[i]);
  }
  await Promise.all(
    buckets.filter((b) => b.length > 0).map((bucket) =>
      runInWorker(jobs, bucket, onResult).catch(async (left: number[]) => {
        await runHere(jobs, left, onResult);
      })
    ),
  );
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
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
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
