/**
 * The scan: for each platform, list its sources, decide per source what to
 * read (nothing, the appended part, or all of it) from the kept cursors,
 * decode on one or more threads, then deduplicate every request across all
 * files by its identity and return the records.
 *
 * The kept state lives in `<data root>/cache/usage/` (described in
 * `cache.ts`): per platform `<platform>.cursors.json` (where each source was
 * read up to), `<platform>.rows.bin` (each source's records),
 * `<platform>.records.bin` and `<platform>.keys.bin` (the snapshot: the
 * deduplicated records, their keys and the fingerprint of the sources they
 * came from), `<platform>.delta.bin` (what small appends changed since the
 * snapshot), `dirs.json` (remembered folder listings) and `listing.bin`
 * (remembered walks and source stats, and what each reader read to list its
 * sources, `_listing_memo.ts`). When every source of a platform is
 * unchanged, only its records file (and delta) is read; when nothing a
 * reader's listing read changed either, the reader is not even loaded
 * (`_replay.ts`).
 *
 * @module
 */

import { join } from "node:path";
import type { HostEnv } from "../io/host_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { writeAllowed } from "../core/runtime_info.ts";
import type { HostId } from "../core/platform_types.ts";
import type { UsageProblem, UsageRecord, UsageSkipNote } from "../core/usage_types.ts";
import type { DecodeJob } from "./_decode.ts";
import type { Planned } from "./_plan.ts";
import type { UsageSource } from "./reader.ts";
import type { RecordTable } from "./table.ts";
import { planListed, skippedBySince, statPaths } from "./_plan.ts";
import { hashString } from "./cache.ts";
import type { PlatformScan, Settled, Settler } from "./_settle.ts";
import { createLister } from "./_walk.ts";
import { DirMemo } from "./_dirs.ts";
import { ListingMemo } from "./_listing_memo.ts";
import { fsReady } from "./_fs.ts";
import { loadReader, readerIds } from "./readers/registry.ts";
import { recordSources } from "./_replay.ts";
import { VERSION } from "../core/version.ts";

/** How to scan. */
export interface ScanOptions {
  /** Home, env and OS whose hosts are read. */
  host: HostEnv;
  /** Only these platforms (default: every platform with a reader). */
  platforms?: readonly HostId[];
  /** Only records at or after this time (ms); files last written before it are not read. */
  since?: number;
  /**
   * Keep and use the per-source cursors in `<data root>/cache/usage/`.
   * Default: when the runtime may write there (never under Deno without
   * `--allow-write`, which then reads every file).
   */
  cache?: boolean;
  /**
   * Threads to decode on: 1 is this thread, more are this thread and that
   * many minus one workers (default: 1 for small scans or busy cores, else 2).
   */
  threads?: number;
  /** Called as files are read, for a progress line. */
  onProgress?: (progress: ScanProgress) => void;
  /**
   * Platforms listed but not read: the caller holds their results (kept per
   * {@link UsageListing.platforms} fingerprint). They get no table.
   */
  omit?: readonly HostId[];
  /**
   * Per platform, the {@link UsageListing.platforms} fingerprint the caller
   * holds results for: a platform that only grew a little since exactly that
   * state gets its change ({@link ScanResult.changes}) instead of a table.
   */
  changesSince?: Readonly<Partial<Record<HostId, string>>>;
}

/** What a small append changed in one platform's records (see {@link ScanOptions.changesSince}). */
export interface PlatformChange {
  /** The platform. */
  platform: HostId;
  /** The rows that count now. */
  added: RecordTable;
  /** The rows they replaced. */
  removed: RecordTable;
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
  /**
   * One record per request, deduplicated across files (built from `tables`
   * on first use).
   */
  readonly records: UsageRecord[];
  /** The same records by platform, in typed columns (what reports aggregate). */
  tables: RecordTable[];
  /** Platforms that were skipped, with why. */
  skipped: UsageSkipNote[];
  /** Bad input, once per source: the listing's, then {@link ScanResult.readProblems}. */
  problems: UsageProblem[];
  /** The problems of the platforms' sources (not of the listing), platform by platform. */
  readProblems: UsageProblem[];
  /** The platforms answered by their change instead of a table. */
  changes: PlatformChange[];
  /** Figures about the scan itself. */
  stats: {
    /** Sources listed. */
    sources: number;
    /** Sources decoded (wholly or from their cursor). */
    sourcesRead: number;
    /** Bytes decoded. */
    bytesRead: number;
    /** Whether the kept state was used. */
    cached: boolean;
    /** Threads used to decode (0 when nothing was read). */
    threads: number;
  };
}

/**
 * What is on disk before anything is read: each platform's sources with their
 * size, mtime and inode, and one fingerprint of them all. A caller can key its
 * own kept results by {@link UsageListing.fingerprint} and pass the listing on
 * to {@link scanUsage}, so the sources are listed and stat'ed once.
 */
export interface UsageListing {
  /**
   * A hash of every listed source's identity, size, mtime and inode, each
   * reader's id and version, the skip notes and the listing's problems: equal
   * when nothing a scan would read changed.
   */
  readonly fingerprint: string;
  /** Whether the kept state is used (see {@link ScanOptions.cache}). */
  readonly cache: boolean;
  /** The kept state's folder, `<data root>/cache/usage`. */
  readonly cacheDir: string;
  /** Platforms skipped, with why. */
  readonly skipped: readonly UsageSkipNote[];
  /** Problems found while listing and stat'ing. */
  readonly problems: readonly UsageProblem[];
  /**
   * Each platform with sources, in scan order, and a fingerprint of its
   * reader's version and its sources: equal when a scan would give the
   * platform the same records.
   */
  readonly platforms: readonly { readonly id: HostId; readonly fingerprint: string }[];
}

/** Lists and stats every source of the hosts' logs; reads none of them. */
export function listUsage(options: ScanOptions): Promise<UsageListing> {
  return listPlatforms(options, true);
}

/**
 * {@link listUsage}; with `replay`, a platform whose kept listing still holds
 * is answered from it without loading its reader (`_listing_memo.ts`
 * `replay`), and its plans are built by listing it again if it is scanned.
 */
async function listPlatforms(options: ScanOptions, replay: boolean): Promise<UsageListing> {
  const { host } = options;
  await fsReady();
  const cacheDir = join(dataRoot(host), "cache", "usage");
  const cache = options.cache ?? writeAllowed(cacheDir);
  const skipped: UsageSkipNote[] = [];
  const problems: UsageProblem[] = [];
  const scans: PlatformScan[] = [];
  const parts: string[] = [];
  // Folders whose listing is remembered are stat'ed, not read (`_dirs.ts`).
  // Remembered folder listings pay on both runtimes. Measured on a no-change
  // re-scan of the generated 1 GB tree (with `_listing_memo.ts`'s walks and
  // stats): Deno ~660–710 M user-space instructions above `--version` with it
  // against ~750–910 M reading every folder; Node 20 ~530 M against ~710 M.
  const dirs = cache ? new DirMemo(cacheDir) : undefined;
  // Walks and stats as they were last time: a no-change re-scan compares numbers (`_listing_memo.ts`).
  const memo = dirs ? new ListingMemo(cacheDir, undefined, statPaths) : undefined;
  const entries: Entry[] = [];
  for (const id of options.platforms ?? readerIds()) {
    const kept = replay ? memo?.replay(id, host, VERSION) : undefined;
    if (kept) {
      if (kept.fingerprint === undefined) {
        if (kept.note) skipped.push({ platform: id, reason: kept.note });
        continue;
      }
      parts.push(`${id}\u0000${kept.version}\u0000${kept.fingerprint}`);
      entries.push({ id, fingerprint: `${kept.version}:${kept.fingerprint}` });
      continue;
    }
    const reader = await loadReader(id);
    const listed: UsageSource[] = [];
    const before = problems.length;
    const lister = createLister(
      (path, message) => problems.push({ platform: id, path, message, count: 1 }),
      dirs?.lister(id),
      memo?.walks(id),
      listed,
    );
    const { result: sources, record } = memo
      ? await recordSources(host, (seen) => reader.sources(seen, lister))
      : { result: await reader.sources(host, lister), record: undefined };
    const keep = (empty: boolean, note?: string) =>
      memo?.recordSources(
        id,
        record && problems.length === before
          ? { ...record, tool: VERSION, version: reader.version, empty, note }
          : undefined,
      );
    if (sources.length === 0) {
      const note = reader.skipNote?.();
      if (note) skipped.push({ platform: id, reason: note });
      keep(true, note);
      continue;
    }
    const planned = planListed(reader, sources, listed, problems, memo);
    keep(false);
    const scan: PlatformScan = {
      reader,
      plans: [],
      fingerprint: planned.fingerprint,
      speed: "full",
      cursors: new Map(),
    };
    // Built when the platform is scanned: a re-scan answered from kept results is not.
    pending.set(scan, planned.plans);
    parts.push(`${id}\u0000${reader.version}\u0000${scan.fingerprint}`);
    scans.push(scan);
    entries.push({ id, fingerprint: `${reader.version}:${scan.fingerprint}`, scan });
  }
  await dirs?.save();
  await memo?.save();
  parts.push(JSON.stringify(skipped), JSON.stringify(problems));
  const listing = {
    fingerprint: hashString(parts.join("\n")),
    cache,
    cacheDir,
    skipped,
    problems,
    platforms: entries.map(({ id, fingerprint }) => ({ id, fingerprint })),
  };
  plansOf.set(listing, entries);
  return listing;
}

/** A listed platform: its scan, or none when it was answered from the kept listing. */
interface Entry {
  id: HostId;
  fingerprint: string;
  scan?: PlatformScan;
}

/** Each listing's platforms, until a scan takes them (a listing serves one scan). */
const plansOf = new WeakMap<UsageListing, Entry[]>();

/** Each listed platform's plans, built when it is scanned. */
const pending = new WeakMap<PlatformScan, () => Planned[]>();

/**
 * Scans the hosts' logs. Read-only on host data; writes only its own cache.
 * Given a `listing` of the same options (from {@link listUsage}), the sources
 * are not listed again; a listing serves one scan (a second lists afresh).
 */
export async function scanUsage(
  options: ScanOptions,
  listing?: UsageListing,
): Promise<ScanResult> {
  const { since } = options;
  await fsReady();
  const problems0: UsageProblem[] = [];
  // Listed here to be read: by the readers (a replayed platform would be listed twice).
  let listed = listing ?? await listPlatforms(options, false);
  let entries = plansOf.get(listed);
  if (!entries) entries = plansOf.get(listed = await listPlatforms(options, false))!; // scanned once
  plansOf.delete(listed);
  if (options.omit) entries = entries.filter((e) => !options.omit!.includes(e.id));
  const replayed = entries.filter((e) => !e.scan).map((e) => e.id);
  if (replayed.length > 0) {
    // Answered from the kept listing: to be read, they are listed by their readers now.
    const again = await listPlatforms({ ...options, platforms: replayed }, false);
    const fresh = plansOf.get(again)!;
    plansOf.delete(again);
    problems0.push(...again.problems);
    entries = entries.flatMap((e) => e.scan ? [e] : fresh.filter((f) => f.id === e.id));
  }
  const scans = entries.map((e) => e.scan!);
  for (const scan of scans) {
    scan.plans = pending.get(scan)?.() ?? scan.plans;
    pending.delete(scan);
  }
  const useCache = listed.cache;
  const dir = useCache ? listed.cacheDir : undefined;
  const skipped = [...listed.skipped];
  const problems = [...listed.problems, ...problems0];
  // Loaded here, not at start-up: a re-scan answered from kept results only lists.
  const [{ planPlatform, Settler }, { recordsOf, since: keepSince }] = await Promise.all([
    import("./_settle.ts"),
    import("./table.ts"),
  ]);
  for (const scan of scans) {
    scan.changeFrom = options.changesSince?.[scan.reader.id];
    planPlatform(scan, dir, since);
  }

  const toRead = scans.filter((s) => s.speed !== "snapshot").flatMap((s) =>
    s.plans.filter((p) => p.mode !== 0 && !skippedBySince(p, since))
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
  let threads = 0;
  const settlers = new Map<HostId, Settler>();
  for (const scan of scans) {
    if (!scan.snapshot) settlers.set(scan.reader.id, new Settler(scan, dir, since));
  }
  if (jobs.length > 0) {
    const progress: ScanProgress = { files: jobs.length, filesDone: 0, bytes, bytesDone: 0 };
    options.onProgress?.(progress);
    // Loaded only when something is read: a re-scan with nothing new needs no decoder.
    const { runJobs, threadCount } = await import("./_pool.ts");
    threads = threadCount(bytes, options.threads);
    await runJobs(jobs, threads, (i, result) => {
      const plan = toRead[i];
      settlers.get(plan.reader.id)!.take(plan, result);
      progress.filesDone++;
      progress.bytesDone += jobs[i].size - jobs[i].from;
      options.onProgress?.(progress);
    });
  }

  const tables: RecordTable[] = [];
  const readProblems: UsageProblem[] = [];
  const changes: PlatformChange[] = [];
  const retry: HostId[] = [];
  for (const scan of scans) {
    const settled: Settled = scan.snapshot ?? settlers.get(scan.reader.id)!.finish();
    settlers.delete(scan.reader.id); // its merge state is garbage now
    if (settled.retry) {
      retry.push(scan.reader.id);
      continue;
    }
    readProblems.push(...settled.problems);
    if (settled.change) {
      const { added, removed } = settled.change;
      changes.push({ platform: scan.reader.id, added: added.table, removed: removed.table });
    } else tables.push(keepSince(settled.table, since));
  }
  if (retry.length > 0) {
    // The kept state was found damaged half-way (and dropped): those platforms afresh.
    const again = await scanUsage({
      ...options,
      platforms: retry,
      omit: undefined,
      changesSince: undefined,
    });
    tables.push(...again.tables);
    readProblems.push(...again.readProblems);
  }
  let records: UsageRecord[] | undefined;
  return {
    get records() {
      return records ??= recordsOf(tables);
    },
    tables,
    skipped,
    problems: [...problems, ...readProblems],
    readProblems,
    changes,
    stats: {
      sources: scans.reduce((n, s) => n + s.plans.length, 0),
      sourcesRead: jobs.length,
      bytesRead: bytes,
      cached: useCache,
      threads,
    },
  };
}
