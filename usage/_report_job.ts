/**
 * `usage report` and `usage leaderboard` computed from a plain job (list,
 * scan, aggregate: `_results.ts`), here or on a thread of its own.
 *
 * Why a thread: the scan merges every request on the thread that runs it,
 * and V8 grows a thread's young generation with what survives its minor
 * collections (the listing, the cursors, the merge's strings) up to 32 MB
 * on this one, kept for the rest of the process; a worker's can be capped
 * (`resourceLimits`), this thread's cannot from code. On a large history the
 * main thread's young generation is a large part of a first scan's heap
 * (bench/README.md).
 *
 * A report runs on a worker capped at {@link REPORT_YOUNG_MB} of young
 * generation (its old generation uncapped) when it reads every log: the
 * first run with the cache (it may be written and holds no kept state yet,
 * so the cursors and their rows are built too), a run with `--no-cache`, and
 * a run without the right to write the cache. A re-scan with kept state
 * reads little and stays on this thread, where it does not pay a worker's
 * start. `AGENT_CONNECTOR_USAGE_THREADS=1` keeps everything on this thread.
 * A worker that fails or cannot start is not needed: the report is then
 * computed here.
 *
 * The worker lowers a full read's peak memory under both runtimes at about
 * the same CPU (bench/README.md has the figures). Tried and dropped: decoding one bucket
 * on this worker instead of a second decoding worker (no lower peak: its
 * uncapped old generation filled with the decoder's garbage instead), and
 * settling each platform as soon as its last source was merged, jobs
 * ordered platform by platform (a higher peak).
 *
 * @module
 */

import { join } from "node:path";
import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { writeAllowed } from "../edge/runtime_info.ts";
import { workerEntry } from "../core/worker_entry.ts";
import type { HostId } from "../core/platform_types.ts";
import type { UsageGroupBy } from "../core/usage_types.ts";
import type { ScanProgress } from "./scan.ts";
import type { Aggregated } from "./_results.ts";
import { fsReady, leanFs } from "../edge/node_fs.ts";

/** The young generation of a report worker, in MB (see the module doc). */
export const REPORT_YOUNG_MB = 4;

/** What to report, as plain data (it crosses to a worker). */
export interface ReportJob {
  /** Home, env and OS whose hosts are read. */
  machine: MachineEnv;
  /** Only records at or after this time (ms). */
  since?: number;
  /** Only records before this time (ms). */
  until?: number;
  /** Day boundaries in this IANA zone (`--timezone`; wins over `utc`). */
  timeZone?: string;
  /** Each row's models (`--breakdown`) or platforms under it. */
  breakdown?: "model" | "platform";
  /** Only these platforms. */
  platforms?: HostId[];
  /** `--no-cache`: read every file, keep nothing. */
  noCache: boolean;
  /** Decode threads (`AGENT_CONNECTOR_USAGE_THREADS`). */
  threads?: number;
  /** The grouping. */
  by: UsageGroupBy;
  /** Days in UTC. */
  utc: boolean;
  /** The tool's version (kept results are per version). */
  version: string;
}

/** A computed report and the version of the price table it used. */
export interface ReportDone {
  /** The aggregated rows. */
  result: Aggregated;
  /** The price table's version. */
  pricesVersion: string;
  /** Why the cache was skipped, when its folder could not be created (a warning). */
  cacheSkipped?: string;
}

/** Computes `job` on this thread. */
export async function computeReport(
  job: ReportJob,
  onProgress?: (progress: ScanProgress) => void,
): Promise<ReportDone> {
  const [{ listUsage }, { loadPriceTable }, zone, { reportRows }] = await Promise.all([
    import("./scan.ts"),
    import("./cost.ts"),
    import("./_zone.ts"),
    import("./_results.ts"),
  ]);
  const { machine, since, until, platforms, by, utc, timeZone, breakdown } = job;
  const options = {
    machine,
    since,
    platforms,
    cache: job.noCache ? false : undefined,
    threads: job.threads,
    onProgress,
  };
  const [listing, prices] = await Promise.all([listUsage(options), loadPriceTable(machine.env)]);
  // Kept per query and platform: a re-scan reads only the platforms that changed.
  // Not with --since/--until (a window moves with the clock) nor without the cache.
  const query = listing.cache && since === undefined && until === undefined
    ? {
      by,
      zone: timeZone ?? (utc ? "UTC" : zone.zoneKey(machine.env)),
      breakdown: breakdown ?? null,
      prices: prices.version,
      version: job.version,
      platforms,
    }
    : undefined;
  const result = await reportRows({
    options,
    listing,
    by,
    prices,
    utc,
    view: { timeZone, since, until, breakdown },
    query,
    zoneName: zone.zoneName,
  });
  return { result, pricesVersion: prices.version };
}

/**
 * Whether `job` is the first run with the cache: writable, with no kept
 * state yet. Through `leanFs` (edge/node_fs.ts): a re-scan with nothing new
 * asks this too, and under Deno must not load `node:fs` for it.
 */
export async function firstCachedRun(
  job: Pick<ReportJob, "machine" | "noCache">,
): Promise<boolean> {
  if (job.noCache) return false;
  await fsReady();
  const dir = join(dataRoot(job.machine), "cache", "usage");
  return writeAllowed(dir) && !leanFs.exists(dir);
}

/** Whether `job` keeps no state at all: `--no-cache`, or no right to write the cache. */
function keepsNothing(job: Pick<ReportJob, "machine" | "noCache">): boolean {
  return job.noCache || !writeAllowed(join(dataRoot(job.machine), "cache", "usage"));
}

/**
 * On the first run with the cache, creates its folder before anything is
 * read; the warning to show when it cannot (the run then goes without the
 * cache: `noCache`). Nothing is loaded or written on a later run.
 */
export async function openCache(
  job: Pick<ReportJob, "machine" | "noCache">,
): Promise<{ first: boolean; skipped?: string }> {
  if (!await firstCachedRun(job)) return { first: false };
  const { makeCacheDir } = await import("./_cache_write.ts");
  const skipped = makeCacheDir(join(dataRoot(job.machine), "cache", "usage"));
  return { first: skipped === undefined, skipped };
}

/**
 * Computes `job`, on a worker when it reads every log (see the module doc);
 * `onProgress` sees the scan's progress about every 100 ms.
 */
export async function runReport(
  job: ReportJob,
  onProgress?: (progress: ScanProgress) => void,
): Promise<ReportDone> {
  const cache = await openCache(job);
  if (cache.skipped) {
    const done = await computeReport({ ...job, noCache: true }, onProgress);
    return { ...done, cacheSkipped: cache.skipped };
  }
  if (job.threads !== 1 && (cache.first || keepsNothing(job))) {
    const done = await inWorker(job, onProgress !== undefined, onProgress);
    if (done) return done;
  }
  return computeReport(job, onProgress);
}

/**
 * Runs `job` on a worker; undefined when the worker failed or could not
 * start. `node:worker_threads` is loaded here: a re-scan never starts one.
 */
async function inWorker(
  job: ReportJob,
  progress: boolean,
  onProgress?: (progress: ScanProgress) => void,
): Promise<ReportDone | undefined> {
  const { Worker } = await import("node:worker_threads");
  return new Promise((resolve) => {
    let worker: InstanceType<typeof Worker>;
    try {
      const self = import.meta.url;
      const file = self.endsWith(".ts") ? "./_report_worker.ts" : "./_report_worker.js";
      worker = new Worker(workerEntry(new URL(file, self)), {
        workerData: { job, progress },
        resourceLimits: { maxYoungGenerationSizeMb: REPORT_YOUNG_MB },
      });
    } catch {
      resolve(undefined);
      return;
    }
    let settled = false;
    const finish = (done: ReportDone | undefined) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(done);
    };
    worker.on("message", (msg: { progress?: ScanProgress; done?: ReportDone }) => {
      if (msg.progress) onProgress?.(msg.progress);
      else finish(msg.done);
    });
    worker.on("error", () => finish(undefined));
    worker.on("exit", () => finish(undefined));
  });
}
