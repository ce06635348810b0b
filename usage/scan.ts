/**
 * The scan: for each platform, list its sources, decide per source what to
 * read (nothing, the appended part, or all of it) from the kept cursors,
 * decode on one or more threads, then deduplicate every request across all
 * files by its identity and return the records.
 *
 * @module
 */

import { closeSync, openSync, statSync } from "node:fs";
import { join } from "node:path";
import type { HostEnv } from "../io/host_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { writeAllowed } from "../core/runtime_info.ts";
import type { UsageProblem, UsageRecord, UsageSkipNote } from "../core/usage_types.ts";
import type { HostId } from "../core/platform_types.ts";
import type { ReaderRecord, UsageReader, UsageSource } from "./reader.ts";
import type { DecodeJob, DecodeResult, SourceProblem } from "./_decode.ts";
import { type CachedSource, headHash, loadCache, saveCache } from "./cache.ts";
import { createLister } from "./_walk.ts";
import { loadReader, readerIds } from "./readers/registry.ts";
import { preferRecord } from "./tokens.ts";
import { runJobs, threadCount } from "./_pool.ts";

/** How to scan. */
export interface ScanOptions {
  /** Home, env and OS whose hosts are read. */
  host: HostEnv;
  /** Only these platforms (default: every platform with a reader). */
  platforms?: readonly HostId[];
  /** Only records at or after this time (ms); older files are not read at all. */
  since?: number;
  /**
   * Keep and use the per-source cursors in `<data root>/cache/usage/`.
   * Default: when the runtime may write there (never under Deno without
   * `--allow-write`, which then reads every file).
   */
  cache?: boolean;
  /** Threads to decode on (default: 1 for small scans, up to 4 by cores). */
  threads?: number;
  /** Called as files are read, for a progress line. */
  onProgress?: (progress: ScanProgress) => void;
}

/** How far a scan is. */
export interface ScanProgress {
  /** Sources to read. */
  files: number;
  /** Sources read so far. */
  filesDone: number;
  /** Bytes to read. */
  bytes: number;
  /** Bytes read so far. */
  bytesDone: number;
}

/** What a scan found. */
export interface ScanResult {
  /** One record per request, deduplicated across files. */
  records: UsageRecord[];
  /** Platforms that were skipped, with why. */
  skipped: UsageSkipNote[];
  /** Bad input, once per source. */
  problems: UsageProblem[];
  /** Figures about the scan itself. */
  stats: {
    sources: number;
    sourcesRead: number;
    bytesRead: number;
    cached: boolean;
    threads: number;
  };
}

interface Planned {
  reader: UsageReader;
  source: UsageSource;
  key: string;
  size: number;
  mtimeMs: number;
  ino: number;
  cached?: CachedSource;
  /** 0: reuse the cache; 1: decode from the cursor; 2: decode all. */
  mode: 0 | 1 | 2;
  from: number;
}

/** Scans the hosts' logs. Read-only on host data; writes only its own cache. */
export async function scanUsage(options: ScanOptions): Promise<ScanResult> {
  const { host } = options;
  const ids = options.platforms ?? readerIds();
  const cacheDir = join(dataRoot(host), "cache", "usage");
  const useCache = options.cache ?? writeAllowed(cacheDir);
  const skipped: UsageSkipNote[] = [];
  const problems: UsageProblem[] = [];
  const plans: Planned[] = [];
  const caches = new Map<HostId, Map<string, CachedSource>>();
  const readers: UsageReader[] = [];

  for (const id of ids) {
    const reader = await loadReader(id);
    readers.push(reader);
    const lister = createLister((path, message) =>
      problems.push({ platform: id, path, message, count: 1 })
    );
    const sources = await reader.sources(host, lister);
    if (sources.length === 0) {
      const note = reader.skipNote?.();
      if (note) skipped.push({ platform: id, reason: note });
      continue;
    }
    const cache = (useCache ? loadCache(cacheDir, id, reader.version) : undefined) ?? new Map();
    caches.set(id, cache);
    const seen = new Set<string>();
    for (const source of sources) {
      const key = source.key ?? source.path;
      if (seen.has(key)) continue;
      seen.add(key);
      let st;
      try {
        st = statSync(source.path);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "ENOENT") {
          problems.push({
            platform: id,
            path: source.path,
            message: `cannot read this file (${code})`,
            count: 1,
          });
        }
        continue;
      }
      const plan: Planned = {
        reader,
        source,
        key,
        size: st.size,
        mtimeMs: st.mtimeMs,
        ino: Number(st.ino) || 0,
        cached: cache.get(key),
        mode: 2,
        from: 0,
      };
      decideMode(plan, options.since);
      plans.push(plan);
    }
  }

  const toRead = plans.filter((p) =>
    p.mode !== 0 && !(p.mode === 2 && skippedBySince(p, options.since))
  );
  const jobs: DecodeJob[] = toRead.map((p) => ({
    readerId: p.reader.id,
    source: p.source,
    from: p.from,
    size: p.size,
    mtimeMs: p.mtimeMs,
    saved: p.mode === 1 ? p.cached?.saved : undefined,
  }));
  const bytes = jobs.reduce((n, j) => n + j.size - j.from, 0);
  const threads = threadCount(bytes, options.threads);
  const progress: ScanProgress = { files: jobs.length, filesDone: 0, bytes, bytesDone: 0 };
  const results: DecodeResult[] = new Array(jobs.length);
  if (jobs.length > 0) {
    options.onProgress?.(progress);
    await runJobs(jobs, threads, (i, result) => {
      results[i] = result;
      progress.filesDone++;
      progress.bytesDone += jobs[i].size - jobs[i].from;
      options.onProgress?.(progress);
    });
  }

  // Fold fresh results into each source's kept state.
  const fresh = new Map<Planned, DecodeResult>();
  toRead.forEach((p, i) => fresh.set(p, results[i]));
  const finalBySource = new Map<HostId, Map<string, CachedSource>>();
  const changed = new Set<HostId>();
  for (const plan of plans) {
    const id = plan.reader.id;
    let kept = finalBySource.get(id);
    if (!kept) finalBySource.set(id, kept = new Map());
    const result = fresh.get(plan);
    if (!result) {
      if (plan.cached) kept.set(plan.key, plan.cached);
      continue;
    }
    changed.add(id);
    const base = plan.mode === 1 && plan.cached ? plan.cached : undefined;
    const records = base ? mergeRecords(base.records, result.records) : result.records;
    const earlier = base ? base.problems.filter((p) => p.at < plan.from) : [];
    kept.set(plan.key, {
      path: plan.source.path,
      size: plan.size,
      mtimeMs: plan.mtimeMs,
      ino: plan.ino,
      end: result.end,
      head: useCache && plan.source.format === "jsonl" ? hashAt(plan.source.path, result.end) : "",
      saved: result.saved,
      records,
      problems: mergeProblems(earlier, result.problems),
    });
  }
  for (const [id, cache] of caches) {
    const kept = finalBySource.get(id) ?? new Map();
    if (kept.size !== cache.size) changed.add(id);
  }
  if (useCache) {
    for (const reader of readers) {
      if (changed.has(reader.id)) {
        saveCache(cacheDir, reader.id, reader.version, finalBySource.get(reader.id) ?? new Map());
      }
    }
  }

  // Deduplicate across every file of a platform, then apply the window.
  const records: UsageRecord[] = [];
  for (const reader of readers) {
    const kept = finalBySource.get(reader.id);
    if (!kept) continue;
    const best = new Map<string, ReaderRecord>();
    for (const [, src] of kept) {
      for (const r of src.records) {
        const had = best.get(r.key);
        best.set(r.key, had ? preferRecord(had, r) : r);
      }
      for (const p of src.problems) {
        problems.push({
          platform: reader.id,
          path: src.path,
          line: p.line,
          message: p.message,
          count: p.count,
        });
      }
    }
    for (const r of best.values()) {
      if (options.since !== undefined && r.ts < options.since) continue;
      records.push(toUsageRecord(reader, r));
    }
  }
  return {
    records,
    skipped,
    problems,
    stats: {
      sources: plans.length,
      sourcesRead: jobs.length,
      bytesRead: bytes,
      cached: useCache,
      threads: jobs.length > 0 ? threads : 0,
    },
  };
}

function decideMode(plan: Planned, since: number | undefined): void {
  const cached = plan.cached;
  if (!cached) return;
  if (cached.size === plan.size && cached.mtimeMs === plan.mtimeMs && cached.ino === plan.ino) {
    plan.mode = 0;
    return;
  }
  if (since !== undefined && plan.mtimeMs < since && cached.size === plan.size) {
    plan.mode = 0;
    return;
  }
  if (plan.source.format === "jsonl" && plan.size >= cached.end && cached.end > 0) {
    if (hashAt(plan.source.path, cached.end) === cached.head) {
      plan.mode = 1;
      plan.from = cached.end;
    }
  }
}

/** A file last written before the window holds no record inside it. */
function skippedBySince(plan: Planned, since: number | undefined): boolean {
  return since !== undefined && plan.mtimeMs < since && !plan.cached;
}

function hashAt(path: string, end: number): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    return headHash(fd, end);
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function mergeRecords(a: ReaderRecord[], b: ReaderRecord[]): ReaderRecord[] {
  const byKey = new Map<string, ReaderRecord>();
  for (const r of a) byKey.set(r.key, r);
  for (const r of b) {
    const had = byKey.get(r.key);
    byKey.set(r.key, had ? preferRecord(had, r) : r);
  }
  return [...byKey.values()];
}

function mergeProblems(a: SourceProblem[], b: SourceProblem[]): SourceProblem[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [{ ...a[0], count: a[0].count + b.reduce((n, p) => n + p.count, 0) }];
}

function toUsageRecord(reader: UsageReader, r: ReaderRecord): UsageRecord {
  const out: UsageRecord = {
    platformId: reader.id,
    sessionId: r.sessionId,
    projectKey: r.projectKey,
    ts: r.ts,
    tokens: r.tokens,
    confidence: reader.confidence,
  };
  if (r.modelId !== undefined) out.modelId = r.modelId;
  if (r.providerId !== undefined) out.providerId = r.providerId;
  if (r.costUsd !== undefined) out.costUsd = r.costUsd;
  if (r.pricingMultiplier !== undefined && r.pricingMultiplier !== 1) {
    out.pricingMultiplier = r.pricingMultiplier;
  }
  return out;
}
