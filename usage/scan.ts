/**
 * The scan: for each platform, list its sources and stat them, ask the
 * platform's cursors (`_cursors.ts`) what to read of each (nothing, the
 * appended part, or all), decode on one or more threads, then deduplicate
 * every request across all the platform's sources (`_merge.ts`) and return
 * the records. The kept state is one file per platform,
 * `<data root>/cache/usage/<platform>.cursors.bin`.
 *
 * @module
 */

import { join } from "node:path";
import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { writeAllowed } from "../edge/runtime_info.ts";
import type { HostId } from "../core/platform_types.ts";
import type { UsageProblem, UsageRecord, UsageSkipNote } from "../core/usage_types.ts";
import type { DecodeJob, DecodeResult } from "./_decode.ts";
import type { UsageReader, UsageSource } from "./reader.ts";
import type { RecordTable } from "./table.ts";
import { Cyrb53, hashString } from "./cache.ts";
import { createLister } from "./_walk.ts";
import { fsReady } from "../edge/node_fs.ts";
import { loadReader, readerIds, skipNoteOf } from "./readers/registry.ts";
import { VERSION } from "../core/version.ts";
import { type ListedSource, type SourceStat, statSource } from "./_stat.ts";

export type { ListedSource } from "./_stat.ts";

/** How to scan. */
export interface ScanOptions {
  /** Home, env and OS whose hosts are read. */
  machine: MachineEnv;
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
export async function listUsage(options: ScanOptions): Promise<UsageListing> {
  const { machine } = options;
  await fsReady();
  const cacheDir = join(dataRoot(machine), "cache", "usage");
  const cache = options.cache ?? writeAllowed(cacheDir);
  const skipped: UsageSkipNote[] = [];
  const problems: UsageProblem[] = [];
  const parts: string[] = [];
  const entries: Listed[] = [];
  for (const id of options.platforms ?? readerIds()) {
    const reader = await loadReader(id);
    const lister = createLister((path, message) =>
      problems.push({ platform: id, path, message, count: 1 })
    );
    const sources = await reader.sources(machine, lister);
    if (sources.length === 0) {
      const note = skipNoteOf(id, machine);
      if (note) skipped.push({ platform: id, reason: note });
      continue;
    }
    const listed = statSources(reader, sources, problems);
    const fingerprint = `${reader.version}:${listed.fingerprint}`;
    parts.push(`${id}\u0000${fingerprint}`);
    entries.push({ reader, fingerprint, sources: listed.sources });
  }
  parts.push(JSON.stringify(skipped), JSON.stringify(problems));
  const listing: UsageListing = {
    fingerprint: hashString(parts.join("\n")),
    cache,
    cacheDir,
    skipped,
    problems,
    platforms: entries.map(({ reader, fingerprint }) => ({ id: reader.id, fingerprint })),
  };
  listedOf.set(listing, entries);
  return listing;
}

/** A listed platform. */
interface Listed {
  reader: UsageReader;
  fingerprint: string;
  sources: ListedSource[];
}

/** Each listing's platforms, until a scan takes them (a listing serves one scan). */
const listedOf = new WeakMap<UsageListing, Listed[]>();

/**
 * Stats each source once (the first of a key wins; missing ones are left
 * out, unreadable ones become problems) and fingerprints them: each source's
 * key, a NUL, then its size, mtime and inode.
 */
function statSources(
  reader: UsageReader,
  sources: UsageSource[],
  problems: UsageProblem[],
): { sources: ListedSource[]; fingerprint: string } {
  const out: ListedSource[] = [];
  const seen = new Set<string>();
  const hash = new Cyrb53();
  for (const source of sources) {
    const key = source.key ?? source.path;
    if (seen.has(key)) continue;
    seen.add(key);
    let stat: SourceStat | undefined;
    try {
      stat = statSource(source);
    } catch (error) {
      const code = (error as { code?: string }).code;
      problems.push({
        platform: reader.id,
        path: source.path,
        message: `cannot read this file (${code}); it was skipped`,
        count: 1,
      });
    }
    if (!stat) continue;
    out.push({ source, key, stat });
    hash.addUnits(key).addUnits("\u0000").addWords(stat.size).addWords(stat.mtimeMs)
      .addWords(stat.ino);
  }
  return { sources: out, fingerprint: hash.digest() };
}

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
  let listed = listing ?? await listUsage(options);
  let entries = listedOf.get(listed);
  if (!entries) entries = listedOf.get(listed = await listUsage(options))!; // scanned once
  listedOf.delete(listed);
  if (options.omit) entries = entries.filter((e) => !options.omit!.includes(e.reader.id));
  const dir = listed.cache ? listed.cacheDir : undefined;
  if (dir) {
    const { makeCacheDir } = await import("./_cache_write.ts");
    if (makeCacheDir(dir) !== undefined) return scanUsage({ ...options, cache: false });
  }
  const [{ CursorStore }, { settlePlatform }, { since: keepSince, recordsOf }] = await Promise.all([
    import("./_cursors.ts"),
    import("./_settle.ts"),
    import("./table.ts"),
  ]);
  const settles = entries.map((e) =>
    settlePlatform(
      e,
      CursorStore.open(dir, e.reader.id, e.reader.version, VERSION),
      since,
      dir !== undefined,
    )
  );
  const jobs: DecodeJob[] = [];
  const owners: { settle: number; index: number }[] = [];
  settles.forEach((s, k) =>
    s.jobs.forEach((job, index) => {
      jobs.push(job);
      owners.push({ settle: k, index });
    })
  );
  const bytes = jobs.reduce((n, j) => n + j.size - j.from, 0);
  let threads = 0;
  if (jobs.length > 0) {
    const progress: ScanProgress = { files: jobs.length, filesDone: 0, bytes, bytesDone: 0 };
    options.onProgress?.(progress);
    // Loaded only when something is read: a re-scan with nothing new needs no decoder.
    const { runJobs, threadCount } = await import("./_pool.ts");
    threads = threadCount(bytes, options.threads);
    await runJobs(jobs, threads, (i, result: DecodeResult) => {
      const { settle, index } = owners[i];
      settles[settle].take(index, result);
      progress.filesDone++;
      progress.bytesDone += jobs[i].size - jobs[i].from;
      options.onProgress?.(progress);
    });
  }
  const tables: RecordTable[] = [];
  const readProblems: UsageProblem[] = [];
  for (const s of settles) {
    const { table, problems } = s.finish();
    tables.push(keepSince(table, since));
    readProblems.push(...problems);
  }
  let records: UsageRecord[] | undefined;
  return {
    get records() {
      return records ??= recordsOf(tables);
    },
    tables,
    skipped: [...listed.skipped],
    problems: [...listed.problems, ...readProblems],
    readProblems,
    stats: {
      sources: entries.reduce((n, e) => n + e.sources.length, 0),
      sourcesRead: jobs.length,
      bytesRead: bytes,
      cached: dir !== undefined,
      threads,
    },
  };
}
