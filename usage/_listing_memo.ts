/**
 * Remembered listings, so a re-scan with nothing new does one stat per
 * folder and per source and compares numbers: no folder walk, no sort, no
 * filter, no hashing of every path. Kept in `<cache dir>/listing.bin`.
 *
 * Per platform, in the order the reader asks for them:
 *
 * - each root it walked ({@link SourceLister}.files): what was asked (the
 *   root, the endings, the filter's source text), the folders the walk went
 *   through with their mtime, ctime and inode (or that the folder was
 *   missing), and the files it returned. While every one of those folders
 *   stats the same, the walk would return the same files: creating, removing
 *   or renaming an entry sets its folder's mtime. Only walks through
 *   folders whose listings `_dirs.ts` vouches for are kept (settled folders:
 *   the same racy-clean rule and the same caveats).
 * - when its sources are exactly the files its walks returned (the same
 *   objects, in order: the reader at most set their keys), their keys with
 *   their size, mtime and inode, and the listing fingerprint they hash to
 *   (`_plan.ts`): while the walks are the kept ones, the keys the same and
 *   every source stats the same, the fingerprint is the same.
 *
 * - what its reader read to list them (`_replay.ts`: host fields, env
 *   variables, host-file probes, with what they gave), with the tool's and
 *   the reader's versions and whether it listed none (and its skip note):
 *   while all of that reads the same and the walks and sources stat as
 *   kept, the platform is answered without loading its reader
 *   ({@link ListingMemo.replay}).
 *
 * Used where `_dirs.ts` remembers folders (on both runtimes, with a cache).
 * Binary, small, read in one go (a JSON version was dear to read and parse
 * on every re-scan: fresh memory is dear here). Paths relative to their
 * root; names and numbers only, no file
 * content. A damaged, foreign or absent file is ignored: everything is
 * walked and stat'ed as without it.
 *
 * @module
 */

import { join, normalize, sep } from "node:path";
import { denoStatsInto } from "../edge/runtime_info.ts";
import { statDir } from "./_dirs.ts";
import type { UsageSource } from "./reader.ts";
import { ByteReader, ByteWriter } from "./_codec.ts";
import { readCacheFile } from "./cache.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import {
  absentUnder,
  isSourcesRecord,
  probedMissing,
  sameSources,
  type SourcesRecord,
  stillAbsent,
} from "./_replay.ts";

/**
 * 2: with each platform's {@link KeptSources}; a format-1 file is rebuilt.
 * 3: no other change, but a replayed platform answers with the reader version
 * it kept, so a file written before the readers' project keys were unified
 * (`_project.ts`) must not be replayed: the readers load once and their new
 * versions re-read what was kept under the old ones.
 */
const FORMAT = 3;
const MAGIC = 0x334c5341; // "ASL3" as a little-endian uint32
/** Joins names in the file: a name holding one is not kept. */
const NL = "\n";

/** One walked root, as kept. */
export interface KeptWalk {
  /** What was asked: root, endings and filter. */
  sig: string;
  /** The folders walked, in walk order, relative to the root ("" is the root). */
  dirs: string[];
  /** Per folder its mtime, ctime and inode; -1, -1, -1 when it was missing. */
  stats: ArrayLike<number>;
  /** The files returned, relative to the root. */
  files: string[];
}

/** A platform's sources as stat'ed, and the fingerprint they hash to. */
export interface KeptPlans {
  /** Each source's key; none when no source has one (the key is the path). */
  keys?: string[];
  /** Per source its size, mtime and inode. */
  stats: ArrayLike<number>;
  /** `fingerprint(plans)` of `_plan.ts`. */
  fingerprint: string;
}

/**
 * What a platform's reader read to list its sources (`_replay.ts`), with the
 * tool and reader versions and what it found: no sources (and the skip note
 * it gave), or the sources its walks returned (then {@link KeptPlans}).
 */
export interface KeptSources extends SourcesRecord {
  /** The tool's version (a reader's listing may change without its version). */
  tool: string;
  /** The reader's version. */
  version: number;
  /** Whether it listed no sources. */
  empty: boolean;
  /** Its skip note when it listed none. */
  note?: string;
}

/** A platform answered without its reader: what {@link ListingMemo.replay} gives. */
export interface Replayed {
  /** The reader's version. */
  version: number;
  /** `fingerprint(plans)` of `_plan.ts`; none when it has no sources. */
  fingerprint?: string;
  /** Its skip note, when it has no sources. */
  note?: string;
}

interface KeptPlatform {
  /** By walk number; null: that walk could not be kept. */
  walks: (KeptWalk | null)[];
  plans?: KeptPlans;
  sources?: KeptSources;
}

/** One platform's walks, for a lister (`_walk.ts`). */
export interface WalkMemo {
  /** See {@link ListingMemo.walk}. */
  walk(index: number, sig: string, base: string): string[] | undefined;
  /** See {@link ListingMemo.recordWalk}. */
  record(index: number, walk: KeptWalk | undefined): void;
}

interface Header {
  format: number;
  platforms: Record<
    string,
    {
      walks: ({ sig: string; dirs: number; files: number } | null)[];
      plans?: { count: number; keyed: boolean; fingerprint: string };
      sources?: KeptSources;
    }
  >;
}

/**
 * Whether each folder of `paths` stats as `kept` says (per folder its mtime,
 * ctime and inode, or -1, -1, -1: missing or not a folder).
 */
export type SameDirs = (paths: readonly string[], kept: ArrayLike<number>) => boolean;

/**
 * Stats each of `paths` into `out` (size, mtime and inode a path, as
 * `_plan.ts` plans them); false when one is missing, not a regular file or
 * cannot be stat'ed.
 */
export type StatFiles = (paths: readonly string[], out: Float64Array) => boolean;

const statsInto = denoStatsInto();

/** {@link SameDirs} through Deno's stat, else `node:fs` (`_dirs.ts` `statDir`). */
const sameDirs: SameDirs = (paths, kept) => {
  if (kept.length !== paths.length * 3) return false;
  const now = new Float64Array(kept.length);
  if (statsInto) {
    if (!statsInto(paths, true, now)) return false;
  } else {
    for (let i = 0; i < paths.length; i++) {
      let st;
      try {
        st = statDir(paths[i]);
      } catch {
        return false; // walking reports it
      }
      now.set(st ? [st.mtimeMs, st.ctimeMs, st.ino] : [-1, -1, -1], 3 * i);
    }
  }
  return sameNumbers(now, kept);
};

/** Whether `a` and `b` hold the same numbers. */
export function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The remembered listings of one cache folder, for one listing run. */
export class ListingMemo {
  private loaded?: Record<string, KeptPlatform>;
  private readonly fresh = new Map<string, KeptPlatform>();
  /** Platforms with a walk not answered from the memo in this listing. */
  private readonly walked = new Set<string>();
  /**
   * Platforms whose kept walks {@link ListingMemo.replay} found current, with
   * the stats it took of their sources (when it got that far): their listing
   * by the reader takes both instead of stat'ing again.
   */
  private readonly checked = new Map<string, Float64Array | undefined>();
  private changed = false;

  /**
   * The memo kept in `cacheDir` (read on first use); `same` checks folders
   * (replaceable in tests), `statFiles` stats sources (none: a platform with
   * sources is not replayed).
   */
  constructor(
    private readonly cacheDir: string,
    private readonly same: SameDirs = sameDirs,
    private readonly statFiles: StatFiles | undefined = undefined,
  ) {}

  private file(): string {
    return join(this.cacheDir, "listing.bin");
  }

  private kept(): Record<string, KeptPlatform> {
    return this.loaded ??= readMemo(this.file()) ?? {};
  }

  private old(platform: string): KeptPlatform | undefined {
    const kept = this.kept();
    return Object.hasOwn(kept, platform) ? kept[platform] : undefined;
  }

  private now(platform: string): KeptPlatform {
    let p = this.fresh.get(platform);
    if (!p) this.fresh.set(platform, p = { walks: [] });
    return p;
  }

  /**
   * The files (full paths) of `platform`'s walk number `index` (its order in
   * this listing) of the root normalized to `base`, when it was asked as
   * `sig` and every folder it went through stats as it did; undefined
   * otherwise (walk it, then {@link ListingMemo.recordWalk}).
   */
  walk(platform: string, index: number, sig: string, base: string): string[] | undefined {
    const w = this.old(platform)?.walks[index];
    if (!w || w.sig !== sig) return undefined;
    const prefix = base.endsWith(sep) ? base : base + sep;
    if (
      !this.checked.has(platform) &&
      !this.same(w.dirs.map((rel) => rel === "" ? base : prefix + rel), w.stats)
    ) {
      return undefined;
    }
    this.now(platform).walks[index] = w;
    return w.files.map((rel) => prefix + rel);
  }

  /** Keeps walk number `index` (undefined: it cannot be kept, e.g. through an unsettled folder). */
  recordWalk(platform: string, index: number, walk: KeptWalk | undefined): void {
    const ok = walk && !walk.dirs.some((d) => d.includes(NL)) &&
      !walk.files.some((f) => f.includes(NL));
    this.now(platform).walks[index] = ok ? walk : null;
    this.walked.add(platform);
    this.changed = true;
  }

  /** `platform`'s walks, for its lister. */
  walks(platform: string): WalkMemo {
    return {
      walk: (index, sig, base) => this.walk(platform, index, sig, base),
      record: (index, walk) => this.recordWalk(platform, index, walk),
    };
  }

  /**
   * The kept plans of `platform` when every walk of this listing was the
   * kept one (so the files are the kept ones) and `sources` are exactly the
   * files its lister returned (`listed`, the same objects in order) with the
   * kept keys; the caller still stats them (`_plan.ts` `planListed`).
   */
  plans(platform: string, sources: UsageSource[], listed: UsageSource[]): KeptPlans | undefined {
    const old = this.old(platform);
    const plans = old?.plans;
    const walks = this.fresh.get(platform)?.walks;
    if (
      !plans || this.walked.has(platform) || !walks || walks.length !== old.walks.length ||
      sources.length !== listed.length || plans.stats.length !== 3 * sources.length
    ) {
      return undefined;
    }
    const keys = plans.keys;
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i];
      if (s !== listed[i] || s.companions || s.key !== keys?.[i]) return undefined;
    }
    return plans;
  }

  /** Notes `platform`'s sources: kept as they were, fresh ones, or none (cannot be kept). */
  recordPlans(platform: string, plans: KeptPlans | undefined): void {
    const ok = plans && !plans.keys?.some((k) => k === undefined || k.includes(NL));
    const old = this.old(platform);
    if ((ok ? plans : undefined) !== old?.plans) this.changed = true;
    if (ok || old) this.now(platform).plans = ok ? plans : undefined;
  }

  /**
   * `platform` answered without its reader, when its kept listing
   * ({@link KeptSources}) was made by `tool` and still holds: every host
   * field, env variable and probe it read reads the same
   * (`_replay.ts`), every folder of its walks stats as kept, and every
   * source as kept. Undefined otherwise: list it with its reader (the walks
   * and stats found current here are not taken again).
   */
  replay(platform: string, machine: MachineEnv, tool: string): Replayed | undefined {
    const old = this.old(platform);
    const kept = old?.sources;
    if (!kept || kept.tool !== tool || old.walks.some((w) => !w)) return undefined;
    if (kept.empty === !!old.plans) return undefined;
    const gone = stillAbsent(kept.absent);
    if (!sameSources(machine, kept, gone)) return undefined;
    const paths: string[] = [];
    for (const w of old.walks as KeptWalk[]) {
      const base = walkBase(w);
      if (base === undefined) return undefined;
      const prefix = base.endsWith(sep) ? base : base + sep;
      // Folders kept missing that are still missing need no stat (a failing one costs most).
      const dirs: string[] = [];
      const stats: number[] = [];
      for (let i = 0; i < w.dirs.length; i++) {
        const path = w.dirs[i] === "" ? base : prefix + w.dirs[i];
        if (w.stats[3 * i] === -1 && gone.has(path)) continue;
        dirs.push(path);
        stats.push(w.stats[3 * i], w.stats[3 * i + 1], w.stats[3 * i + 2]);
      }
      if (!this.same(dirs, stats)) return undefined;
      for (const rel of w.files) paths.push(prefix + rel);
    }
    this.checked.set(platform, undefined);
    if (old.plans) {
      if (old.plans.stats.length !== 3 * paths.length) return undefined;
      const now = new Float64Array(paths.length * 3);
      if (!this.statFiles?.(paths, now)) return undefined;
      this.checked.set(platform, now);
      if (!sameNumbers(now, old.plans.stats)) return undefined;
    }
    this.fresh.set(platform, old);
    const slow = missingPaths(kept, old.walks).filter((p) => !gone.has(p));
    if (slow.length > 0) {
      // Missing paths probed the slow way (their folder changed since, or none vouched
      // for them): vouched for anew where a folder can, next to the groups that held.
      const held = (kept.absent ?? []).filter((a) => gone.has(a[4][0]));
      const absent = [...held, ...absentUnder(slow, Date.now())];
      if (JSON.stringify(absent) !== JSON.stringify(kept.absent ?? [])) {
        this.fresh.set(platform, { ...old, sources: { ...kept, absent } });
        this.changed = true;
      }
    }
    return { version: kept.version, fingerprint: old.plans?.fingerprint, note: kept.note };
  }

  /**
   * The stats {@link ListingMemo.replay} took of `platform`'s sources, when
   * `count` sources were kept and their walks are current: the sources a
   * kept listing gives (`plans`) stat so.
   */
  checkedStats(platform: string, count: number): Float64Array | undefined {
    const now = this.checked.get(platform);
    return now?.length === 3 * count ? now : undefined;
  }

  /**
   * Notes what `platform`'s reader read to list its sources (undefined: it
   * cannot be replayed), after its walks; the paths its probes and walks
   * found missing are kept by the folder that vouches for them
   * (`_replay.ts` `absentUnder`).
   */
  recordSources(platform: string, sources: KeptSources | undefined): void {
    if (sources) {
      const missing = missingPaths(sources, this.fresh.get(platform)?.walks ?? []);
      const absent = missing.length > 0 ? absentUnder(missing, Date.now()) : [];
      sources = absent.length > 0 ? { ...sources, absent } : sources;
    }
    const old = this.old(platform)?.sources;
    if (JSON.stringify(sources) !== JSON.stringify(old)) this.changed = true;
    this.now(platform).sources = sources;
  }

  /**
   * Writes the platforms listed since load (with the others as they were)
   * when anything changed; false when nothing was written.
   */
  async save(): Promise<boolean> {
    let changed = this.changed;
    for (const [platform, fresh] of this.fresh) {
      // Fewer walks than kept: the reader asked for other roots.
      if ((this.old(platform)?.walks.length ?? 0) !== fresh.walks.length) changed = true;
    }
    if (!changed) return false;
    const platforms: Record<string, KeptPlatform> = { ...this.kept() };
    for (const [platform, fresh] of this.fresh) platforms[platform] = fresh;
    // Not synced: a file torn by a crash fails the checks of `readMemo` (lengths,
    // line and number counts) or stats no real folder or file, and is rebuilt.
    const { writeCacheFile } = await import("./_cache_write.ts");
    return writeCacheFile(this.file(), writeMemo(platforms), false);
  }
}

/** The paths a listing found missing: probed ones, and folders its walks found missing. */
function missingPaths(sources: SourcesRecord, walks: readonly (KeptWalk | null)[]): string[] {
  const missing = sources.probes.filter(probedMissing).map((p) => p[1]);
  for (const w of walks) {
    const base = w ? walkBase(w) : undefined;
    if (!w || base === undefined) continue;
    const prefix = base.endsWith(sep) ? base : base + sep;
    w.dirs.forEach((rel, i) => {
      if (w.stats[3 * i] === -1) missing.push(rel === "" ? base : prefix + rel);
    });
  }
  return missing;
}

/** The folder a kept walk began at: its root (first in its signature, `[root, ext, filter]`), normalized. */
function walkBase(walk: KeptWalk): string | undefined {
  let root: unknown;
  try {
    root = JSON.parse(walk.sig)[0];
  } catch { /* not a signature */ }
  return typeof root === "string" && root ? normalize(root) : undefined;
}

function writeMemo(platforms: Record<string, KeptPlatform>): Uint8Array {
  const header: Header = { format: FORMAT, platforms: {} };
  const texts: string[] = ["L"]; // one line at least: an empty text is one empty line
  const numbers: ArrayLike<number>[] = [];
  for (const [id, p] of Object.entries(platforms)) {
    const walks = Array.from(p.walks, (w) => {
      if (!w) return null;
      texts.push(...w.dirs, ...w.files);
      numbers.push(w.stats);
      return { sig: w.sig, dirs: w.dirs.length, files: w.files.length };
    });
    const plans = p.plans &&
      { count: p.plans.stats.length / 3, keyed: !!p.plans.keys, fingerprint: p.plans.fingerprint };
    if (p.plans) {
      numbers.push(p.plans.stats);
      if (p.plans.keys) texts.push(...p.plans.keys);
    }
    header.platforms[id] = { walks, plans, sources: p.sources };
  }
  const text = new TextEncoder().encode(texts.join(NL));
  const count = numbers.reduce((n, a) => n + a.length, 0);
  const w = new ByteWriter(text.length + count * 8 + 4096);
  w.u32(MAGIC);
  w.json(header);
  const all = new Float64Array(count);
  let at = 0;
  for (const a of numbers) {
    for (let i = 0; i < a.length; i++) all[at++] = a[i];
  }
  w.u32(count);
  w.typed(all);
  w.bytes(text);
  return w.result();
}

function readMemo(path: string): Record<string, KeptPlatform> | undefined {
  try {
    const r = new ByteReader(readCacheFile(path));
    if (r.u32() !== MAGIC) return undefined;
    const h = r.json<Header>();
    if (h?.format !== FORMAT || typeof h.platforms !== "object") return undefined;
    const count = r.u32();
    const all = r.typed(8, count) as Float64Array;
    const bytes = r.bytes();
    const texts = new TextDecoder().decode(bytes).split(NL);
    if (r.at !== r.data.length || texts[0] !== "L") return undefined;
    let t = 1;
    let n = 0;
    const lines = (k: number) => {
      if (t + k > texts.length) throw new RangeError("short");
      const out = texts.slice(t, t + k);
      t += k;
      return out;
    };
    const nums = (k: number) => {
      if (n + k > count) throw new RangeError("short");
      const out = all.subarray(n, n + k);
      n += k;
      return out;
    };
    const out: Record<string, KeptPlatform> = {};
    for (const [id, p] of Object.entries(h.platforms)) {
      const walks = p.walks.map((w) => {
        if (!w) return null;
        const walk: KeptWalk = {
          sig: w.sig,
          dirs: lines(w.dirs),
          stats: nums(3 * w.dirs),
          files: lines(w.files),
        };
        return walk;
      });
      let plans: KeptPlans | undefined;
      if (p.plans) {
        plans = { stats: nums(3 * p.plans.count), fingerprint: p.plans.fingerprint };
        if (p.plans.keyed) plans.keys = lines(p.plans.count);
      }
      const sources = isSourcesRecord(p.sources) ? p.sources : undefined;
      out[id] = { walks, plans, sources };
    }
    return t === texts.length && n === count ? out : undefined;
  } catch {
    return undefined; // damaged: walked and stat'ed afresh
  }
}
