/**
 * Runs decode jobs on this thread, or, when there is enough to read and a
 * core to spare, on this thread and workers: jobs are split into
 * byte-balanced buckets (largest first), one per thread; this thread decodes
 * the last bucket and merges what the workers send. A worker that fails
 * hands its jobs back to this thread, so a scan never depends on workers.
 *
 * This thread decodes as well: a worker costs its start, its own JIT warm-up
 * and the transfer of its rows, and on a machine whose cores are busy a
 * worker gains no wall time at all, so the default takes one only when a core
 * is idle ({@link threadCount}; bench/README.md has the figures).
 *
 * A worker's whole heap is capped too ({@link WORKER_LIMITS}): uncapped, V8
 * lets a worker's old generation fill with garbage up to twice what it keeps
 * alive. A job that needs more (one huge JSON file, one huge line) kills its
 * worker with an out-of-memory error; that job is then decoded alone in an
 * uncapped worker and the rest of the bucket goes on in a capped one.
 *
 * @module
 */

import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { workerEntry } from "../core/worker_entry.ts";
import type { HostId } from "../core/platform_types.ts";
import { type DecodeJob, decodeJob, type DecodeResult } from "./_decode.ts";
import { loadReader } from "./readers/registry.ts";

/** Below this many bytes to read, starting a worker costs more than it saves. */
export const WORKER_MIN_BYTES: number = 48 << 20;

/**
 * Heap limits of a decoding worker, in MB: the smallest that cost no CPU on
 * the generated 1 GB tree (bench/README.md). A worker needs a few MB of heap
 * just to boot (and aborts the whole process if it cannot: never go near
 * that), so 16 leaves room for one source's records.
 */
export const WORKER_LIMITS: Readonly<WorkerHeapLimits> = {
  maxYoungGenerationSizeMb: 4,
  maxOldGenerationSizeMb: 16,
};

/** V8 heap limits of a worker (see `resourceLimits` of `node:worker_threads`). */
export interface WorkerHeapLimits {
  /** The young generation's maximum, in MB. */
  maxYoungGenerationSizeMb: number;
  /** The old generation's maximum, in MB (absent: V8's default). */
  maxOldGenerationSizeMb?: number;
}

/** What a run of jobs did besides the results. */
export interface RunStats {
  /** Jobs decoded on this thread (none when workers ran them all). */
  here: number;
  /** Jobs decoded again, alone, in an uncapped worker after a capped one ran out of memory. */
  retried: number;
}

/**
 * Decoding threads at most by default (this one and one worker): a worker
 * costs ~20–25 MB of resident memory (its own V8 heap and allocator), and
 * DESIGN §5 holds a 1 GB scan under 200 MB.
 */
export const MAX_WORKERS = 2;

/**
 * How many threads to decode on for `bytes` to read (1: this thread only,
 * else this thread and that many minus one workers); `requested` overrides
 * it. By default a worker is taken only for enough bytes and when the
 * one-minute load average leaves at least half a core free beside this
 * thread's (the load is 0 where the OS does not report one): on two idle
 * cores, a worker.
 */
export function threadCount(bytes: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  if (bytes < WORKER_MIN_BYTES) return 1;
  let free = 0;
  try {
    free = Math.round(availableParallelism() - loadavg()[0]);
  } catch { /* no sys permission: one thread */ }
  return Math.max(1, Math.min(free, MAX_WORKERS, Math.ceil(bytes / WORKER_MIN_BYTES)));
}

/**
 * Runs `jobs` on this thread (`threads` 1) or on `threads` workers, each
 * capped at `limits`; `onResult` sees each result as it lands.
 */
export async function runJobs(
  jobs: DecodeJob[],
  threads: number,
  onResult: (index: number, result: DecodeResult) => void,
  limits: Readonly<WorkerHeapLimits> = WORKER_LIMITS,
): Promise<RunStats> {
  const stats: RunStats = { here: 0, retried: 0 };
  const order = jobs.map((_, i) => i).sort((a, b) => cost(jobs[b]) - cost(jobs[a]));
  if (threads <= 1) {
    stats.here = await runHere(jobs, order, onResult);
    return stats;
  }
  const buckets: number[][] = Array.from({ length: threads }, () => []);
  const load = buckets.map(() => 0);
  for (const i of order) {
    let best = 0;
    for (let b = 1; b < buckets.length; b++) if (load[b] < load[best]) best = b;
    buckets[best].push(i);
    load[best] += cost(jobs[i]);
  }
  // This thread decodes the last bucket itself; workers the others. Each
  // job is claimed before it is decoded, so a thread done with its bucket
  // takes the others' jobs from their ends (never a bucket's first, which
  // its thread starts on): a worker that boots late or runs on a busier
  // core, or this thread slowed by merging, holds up no one.
  const mine = buckets.pop()!;
  const theirs = buckets.filter((b) => b.length > 0);
  const claims = new Int32Array(new SharedArrayBuffer(4 * jobs.length));
  const tail = (b: number[]) => b.slice(1).reverse();
  await Promise.all([
    ...theirs.map((b, w) => {
      const others = [mine, ...theirs.filter((_, o) => o !== w)].flatMap(tail);
      return runBucket(jobs, [...b, ...others], claims, onResult, limits, stats);
    }),
    (async () => {
      stats.here += await runHere(jobs, mine, onResult, claims, true);
      for (const b of theirs) stats.here += await runHere(jobs, tail(b), onResult, claims);
    })(),
  ]);
  return stats;
}

/** A job's claim: not yet taken, taken by a worker, taken by this thread. */
const FREE = 0;
const HERE = 2;

/**
 * Runs a bucket in a capped worker. When the worker runs out of memory, the
 * job it was on runs alone in an uncapped worker and the rest in a new capped
 * one; any other failure hands what is left to this thread.
 */
async function runBucket(
  jobs: DecodeJob[],
  bucket: number[],
  claims: Int32Array,
  onResult: (index: number, result: DecodeResult) => void,
  limits: Readonly<WorkerHeapLimits>,
  stats: RunStats,
): Promise<void> {
  const uncapped = { maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb };
  let left = bucket;
  let idle = 0; // capped workers in a row that died on their first job
  while (left.length > 0) {
    // Two in a row that finish nothing: the cap is too small on this runtime to be worth a worker per job.
    const failed = await runInWorker(jobs, left, claims, onResult, idle >= 2 ? uncapped : limits);
    if (!failed) return;
    if (failed.left.length === 0) return;
    // What the dead worker took and did not finish is free again.
    for (const i of failed.left) Atomics.store(claims, i, FREE);
    if (!failed.outOfMemory) {
      stats.here += await runHere(jobs, failed.left, onResult, claims);
      return;
    }
    idle = failed.left.length === left.length ? idle + 1 : 0;
    const [big, ...rest] = failed.left; // in order: `big` was in flight, or done and not yet posted
    stats.retried++;
    const again = await runInWorker(jobs, [big], claims, onResult, uncapped);
    if (again && again.left.length > 0) {
      Atomics.store(claims, big, FREE);
      stats.here += await runHere(jobs, [big], onResult, claims);
    }
    left = rest;
  }
}

function cost(job: DecodeJob): number {
  return job.size - job.from + 4096;
}

/**
 * Decodes on this thread each of `indexes` it can claim (all of them without
 * `claims`); returns how many it decoded.
 */
async function runHere(
  jobs: DecodeJob[],
  indexes: number[],
  onResult: (index: number, result: DecodeResult) => void,
  claims?: Int32Array,
  beside = false,
): Promise<number> {
  // Beside workers: let them start before this thread is busy.
  if (beside) await new Promise((resolve) => setTimeout(resolve, 0));
  let yielded = Date.now();
  let done = 0;
  for (const i of indexes) {
    if (claims && Atomics.compareExchange(claims, i, FREE, HERE) !== FREE) continue;
    const reader = await loadReader(jobs[i].readerId as HostId);
    onResult(i, await decodeJob(reader, jobs[i]));
    done++;
    if (Date.now() - yielded > 100) {
      // Let worker messages and the progress line through.
      await new Promise((resolve) => setTimeout(resolve, 0));
      yielded = Date.now();
    }
  }
  return done;
}

/** A worker's failure: the indexes it did not finish, and whether it ran out of memory. */
interface WorkerFailure {
  left: number[];
  outOfMemory: boolean;
}

/**
 * Resolves with nothing when the worker finished its jobs (those it could
 * claim), else with how it failed: `left` holds the jobs it took and did not
 * post, and those nobody took.
 */
function runInWorker(
  jobs: DecodeJob[],
  indexes: number[],
  claims: Int32Array,
  onResult: (index: number, result: DecodeResult) => void,
  limits: Readonly<WorkerHeapLimits>,
): Promise<WorkerFailure | undefined> {
  return new Promise((resolve) => {
    const left = new Set(indexes);
    let worker: Worker;
    try {
      const self = import.meta.url;
      const file = self.endsWith(".ts") ? "./_scan_worker.ts" : "./_scan_worker.js";
      worker = new Worker(workerEntry(new URL(file, self)), {
        workerData: { jobs: indexes.map((i) => [i, jobs[i]]), claims: claims.buffer },
        resourceLimits: { ...limits },
      });
    } catch {
      resolve({ left: [...left], outOfMemory: false });
      return;
    }
    worker.postMessage("start");
    let settled = false;
    // Node reports a worker out of heap as an error; Deno only as an exit
    // (see `_scan_worker.ts`): an exit before "done" with no error is taken as one.
    let outOfMemory = true;
    const fail = () => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve({ left: [...left].filter((i) => Atomics.load(claims, i) !== HERE), outOfMemory });
    };
    type Batch = { index: number; result: DecodeResult }[];
    worker.on("message", (msg: { batch?: Batch; done?: boolean }) => {
      if (msg.done) {
        settled = true;
        void worker.terminate();
        resolve(undefined);
        return;
      }
      for (const { index, result } of msg.batch ?? []) {
        left.delete(index);
        onResult(index, result);
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      outOfMemory = error?.code === "ERR_WORKER_OUT_OF_MEMORY";
      fail();
    });
    worker.on("exit", () => {
      if (!settled) fail();
    });
  });
}
