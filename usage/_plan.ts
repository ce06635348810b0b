/**
 * Per source, what a scan must read: nothing (unchanged since the kept
 * cursor), the part appended after the cursor, or all of it.
 *
 * @module
 */

import type { UsageProblem } from "../core/usage_types.ts";
import type { UsageReader, UsageSource } from "./reader.ts";
import { type Cursor, Cyrb53, headHash } from "./cache.ts";
import { denoStatFile, denoStatsInto, type FileStat } from "../edge/runtime_info.ts";
import { nodeFs } from "../edge/node_fs.ts";
import { nodeStatFile, wholeMs } from "../edge/node_stat.ts";
import type { Resume } from "./_decode.ts";
import { type KeptPlans, type ListingMemo, sameNumbers, type StatFiles } from "./_listing_memo.ts";

/** One listed source and what to do with it. */
export interface Planned {
  /** Its reader. */
  reader: UsageReader;
  /** The source. */
  source: UsageSource;
  /** Its identity (`source.key ?? source.path`). */
  key: string;
  /** Size when listed. */
  size: number;
  /** mtime when listed. */
  mtimeMs: number;
  /** Inode, 0 when unknown. */
  ino: number;
  /** What the cache kept of it. */
  cached?: Cursor;
  /** 0: reuse the cache; 1: decode from the cursor; 2: decode all. */
  mode: 0 | 1 | 2;
  /** Where decoding starts. */
  from: number;
}

/**
 * A regular file's stat, undefined when it is missing or not a file (a
 * removed file is normal, not an error to build and throw); Deno's own stat
 * where it runs (see `denoStatFile`). Both runtimes give the mtime in whole
 * milliseconds (`_node_stat.ts`), so a cache written by one is current for
 * the other.
 */
const statFile: (path: string) => FileStat | undefined = denoStatFile() ?? nodeStatFile;

const statsInto = denoStatsInto();

/** Stats each source once (the first of a key wins); unreadable ones become problems. */
export function planSources(
  reader: UsageReader,
  sources: UsageSource[],
  problems: UsageProblem[],
): Planned[] {
  const plans: Planned[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    const key = source.key ?? source.path;
    if (seen.has(key)) continue;
    seen.add(key);
    let st: FileStat | undefined;
    try {
      st = statFile(source.path);
      if (!st) continue;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "ENOENT") {
        problems.push({
          platform: reader.id,
          path: source.path,
          message: `cannot read this file (${code}); it was skipped`,
          count: 1,
        });
      }
      continue;
    }
    const extra = source.companions ? companionStats(source.companions) : undefined;
    plans.push({
      reader,
      source,
      key,
      size: extra ? st.size + extra.size : st.size,
      mtimeMs: extra ? Math.max(st.mtimeMs, extra.mtimeMs) : st.mtimeMs,
      ino: st.ino,
      mode: 2,
      from: 0,
    });
  }
  return plans;
}

/** The summed size and latest mtime of a source's companion files; missing ones add nothing. */
function companionStats(companions: readonly string[]): { size: number; mtimeMs: number } {
  let size = 0;
  let mtimeMs = 0;
  for (const path of companions) {
    try {
      const st = nodeFs().statSync(path);
      size += st.size;
      mtimeMs = Math.max(mtimeMs, wholeMs(st.mtimeMs, path));
    } catch { /* absent: the host has not written it */ }
  }
  return { size, mtimeMs };
}

/**
 * One platform's listed sources planned: their fingerprint, and their plans
 * (built on demand). With `memo`, sources found as kept (the lister's own, in
 * order, with the kept keys, each stat'ing as kept) take the kept
 * fingerprint and are not planned unless asked; others are planned and
 * their stats kept.
 */
export function planListed(
  reader: UsageReader,
  sources: UsageSource[],
  listed: UsageSource[],
  problems: UsageProblem[],
  memo?: ListingMemo,
): { fingerprint: string; plans: () => Planned[] } {
  const kept = memo?.plans(reader.id, sources, listed);
  // Stat'ed once: when only some sizes or times changed (an append), the plans come from these
  // (taken by the memo's replay check already, when it got that far).
  const now = kept && (memo!.checkedStats(reader.id, sources.length) ?? statNumbers(sources));
  if (kept && now && sameNumbers(now, kept.stats)) {
    memo!.recordPlans(reader.id, kept);
    return { fingerprint: kept.fingerprint, plans: () => plansFrom(reader, sources, kept.stats) };
  }
  const before = problems.length;
  const plans = now ? plansFrom(reader, sources, now) : planSources(reader, sources, problems);
  const print = fingerprint(plans);
  const fromLister = sources.length === listed.length && sources.every((s, i) => s === listed[i]);
  memo?.recordPlans(
    reader.id,
    problems.length === before && fromLister ? keepPlans(sources, plans, print) : undefined,
  );
  return { fingerprint: print, plans: () => plans };
}

/**
 * The sources' keys, sizes, mtimes and inodes as kept (`_listing_memo.ts`),
 * when each source is one plan (no repeated key, no companions, every one a
 * regular file); undefined otherwise.
 */
function keepPlans(
  sources: UsageSource[],
  plans: Planned[],
  fingerprint: string,
): KeptPlans | undefined {
  if (plans.length !== sources.length) return undefined;
  const stats: number[] = [];
  const keyed = sources.length > 0 && sources[0].key !== undefined;
  for (let i = 0; i < plans.length; i++) {
    const p = plans[i];
    if (p.source !== sources[i] || p.source.companions) return undefined;
    if ((p.source.key !== undefined) !== keyed) return undefined;
    stats.push(p.size, p.mtimeMs, p.ino);
  }
  return { keys: keyed ? plans.map((p) => p.key) : undefined, stats, fingerprint };
}

/**
 * Stats each of `paths` into `out` as {@link statNumbers} does
 * (`_listing_memo.ts` {@link StatFiles}).
 */
export const statPaths: StatFiles = (paths, out) => {
  if (statsInto) return statsInto(paths, false, out);
  for (let i = 0; i < paths.length; i++) {
    let st;
    try {
      st = statFile(paths[i]);
    } catch {
      return false;
    }
    if (!st) return false;
    out[3 * i] = st.size;
    out[3 * i + 1] = st.mtimeMs;
    out[3 * i + 2] = st.ino;
  }
  return true;
};

/**
 * Each source's size, mtime and inode (three numbers a source), as
 * {@link planSources} would stat them; undefined when one is missing, not a
 * regular file or cannot be stat'ed (planning reports it), or has companions.
 */
function statNumbers(sources: UsageSource[]): Float64Array | undefined {
  const out = new Float64Array(sources.length * 3);
  if (sources.some((s) => s.companions)) return undefined;
  return statPaths(sources.map((s) => s.path), out) ? out : undefined;
}

/**
 * The plans of `sources` from their numbers (three a source, as
 * {@link statNumbers} gives them): what {@link planSources} gives sources
 * with no repeated key and no companions, each a regular file.
 */
function plansFrom(
  reader: UsageReader,
  sources: UsageSource[],
  stats: ArrayLike<number>,
): Planned[] {
  return sources.map((source, i) => ({
    reader,
    source,
    key: source.key ?? source.path,
    size: stats[3 * i],
    mtimeMs: stats[3 * i + 1],
    ino: stats[3 * i + 2],
    mode: 2,
    from: 0,
  }));
}

/**
 * A hash of every source's identity, size, mtime and inode: equal when
 * nothing changed. Each source is its key's code units, a NUL (no path holds
 * one), then the three numbers as two 32-bit words each: a quarter of the
 * steps of feeding them as bytes.
 */
export function fingerprint(plans: Planned[]): string {
  const hash = new Cyrb53();
  for (const p of plans) {
    hash.addUnits(p.key).addUnits("\u0000").addWords(p.size).addWords(p.mtimeMs).addWords(p.ino);
  }
  return hash.digest();
}

/** Sets `mode` and `from` from the kept cursor. */
export function decideMode(plan: Planned, since: number | undefined): void {
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
  // Only a file that grew was appended to: one of the same size with another mtime or
  // inode was rewritten (the head hash samples 512 bytes and cannot see a change between).
  if (
    plan.source.format === "jsonl" && plan.size > cached.size && cached.end > 0 &&
    resumable(cached.saved)
  ) {
    if (hashAt(plan.source.path, cached.end) === cached.head) {
      plan.mode = 1;
      plan.from = cached.end;
    }
  }
}

/** A file last written before the window holds no record inside it. */
export function skippedBySince(plan: Planned, since: number | undefined): boolean {
  return plan.mode === 2 && since !== undefined && plan.mtimeMs < since && !plan.cached;
}

/** The head hash of `path` up to `end`; "" when it cannot be read. */
export function hashAt(path: string, end: number): string {
  const { openSync, closeSync } = nodeFs();
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

/**
 * Whether a cursor's saved state lets its source be read from the cursor: not
 * when a record in it took the file's mtime for its time (`_decode.ts`).
 */
export function resumable(saved: unknown): boolean {
  return typeof saved === "object" && saved !== null && !(saved as Resume).m;
}
