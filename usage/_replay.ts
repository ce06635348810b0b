/**
 * What a reader's `sources` looked at, so a re-scan with nothing new can
 * check it again without loading the reader (`_listing_memo.ts` keeps it):
 * the host fields and env variables it read, with their values, and the host
 * files it probed (whether a path exists, a small file's text, a folder's
 * names), with what it found. Its walks are kept beside (`_listing_memo.ts`).
 *
 * A reader's listing depends on nothing else: while every one of those reads
 * gives what it gave, and every walk returns what it returned, `sources`
 * returns the same sources, and a no-change re-scan need not load every
 * reader to ask them again (bench/README.md).
 *
 * Readers probe host files only through {@link probeExists},
 * {@link probeText} and {@link probeNames} (never `leanFs` or `node:fs` in
 * `sources`), and read the machine only through the `machine` they are given:
 * that is the contract that makes the record complete.
 *
 * @module
 */

import type { MachineEnv } from "../io/machine_env.ts";
import { hashString } from "./cache.ts";
import { leanFs } from "../edge/node_fs.ts";
import { dirname } from "node:path";
import { type DirListing, listNames, SETTLE_MS, statDir } from "./_dirs.ts";

/** One probe: `e` exists, `t` a file's text, `n` a folder's names; with what it found. */
export type Probe = [op: "e" | "t" | "n", path: string, found: string];

/** What one run of a reader's `sources` read (see the module doc). */
export interface SourcesRecord {
  /** Host fields read (`home`, `os`, `cwd`…), `env.<NAME>` for env variables; null: undefined. */
  reads: [name: string, value: string | null][];
  /** The host files probed, in order. */
  probes: Probe[];
  /** Paths found missing, by the folder that vouches for it ({@link absentUnder}). */
  absent?: Absent[];
}

/**
 * Missing paths below one existing folder, with the folder's mtime, ctime
 * and inode when they were found missing: while it stats so, its entries are
 * the same, so the entry each path needs there is still missing (or still a
 * regular file, where the path goes through it).
 */
export type Absent = [dir: string, mtimeMs: number, ctimeMs: number, ino: number, paths: string[]];

/** The recordings under way: their probes, and whether another overlapped them. */
const recording = new Set<{ probes: Probe[]; overlap: boolean }>();

function note(probe: Probe): void {
  for (const r of recording) r.probes.push(probe);
}

/** Whether `path` exists (following symlinks); recorded while a listing is. */
export function probeExists(path: string): boolean {
  const found = leanFs.exists(path);
  note(["e", path, found ? "1" : "0"]);
  return found;
}

/** A host file's text (throws as `leanFs.readText` does); recorded while a listing is. */
export function probeText(path: string): string {
  let text: string;
  try {
    text = leanFs.readText(path);
  } catch (error) {
    note(["t", path, `x:${(error as { code?: string }).code ?? "?"}`]);
    throw error;
  }
  note(["t", path, `h:${hashString(text)}`]);
  return text;
}

/**
 * A folder's entries (`_dirs.ts` `listNames`: undefined when missing, throws
 * when unreadable); recorded while a listing is.
 */
export function probeNames(path: string): DirListing | undefined {
  let listing: DirListing | undefined;
  try {
    listing = listNames(path);
  } catch (error) {
    note(["n", path, `x:${(error as { code?: string }).code ?? "?"}`]);
    throw error;
  }
  note(["n", path, namesFound(listing)]);
  return listing;
}

/** A listing's names with their kinds, in name order (the OS's order may vary), hashed. */
function namesFound(listing: DirListing | undefined): string {
  if (!listing) return "-";
  const entries = listing.names.map((name, i) => `${name}/${listing.kinds[i]}`).sort();
  return `h:${hashString(entries.join("\n"))}`;
}

/** What probe `p` finds now. */
function probeNow(p: Probe): string {
  const [op, path] = p;
  try {
    if (op === "e") return leanFs.exists(path) ? "1" : "0";
    if (op === "t") return `h:${hashString(leanFs.readText(path))}`;
    return namesFound(listNames(path));
  } catch (error) {
    return `x:${(error as { code?: string }).code ?? "?"}`;
  }
}

/**
 * Runs `sources` (a reader's, given the host to read) with a host that
 * records what is read of it and with host-file probes recorded; the record
 * is undefined when the reader looked at the host in a way that cannot be
 * replayed (listing or testing env names).
 */
export async function recordSources<T>(
  machine: MachineEnv,
  sources: (machine: MachineEnv) => Promise<T>,
): Promise<{ result: T; record?: SourcesRecord }> {
  const reads = new Map<string, string | null>();
  let whole = true;
  const env = new Proxy(machine.env, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof name === "string") reads.set(`env.${name}`, value ?? null);
      return value;
    },
    has(target, name) {
      whole = false;
      return Reflect.has(target, name);
    },
    ownKeys(target) {
      whole = false;
      return Reflect.ownKeys(target);
    },
  });
  const seen = {} as MachineEnv;
  const fields = new Set([...Object.keys(machine), "home", "env", "os", "cwd", "mainScript"]);
  for (const name of fields as Set<keyof MachineEnv>) {
    Object.defineProperty(seen, name, {
      enumerable: true,
      get() {
        if (name === "env") return env;
        const value = machine[name];
        if (typeof value !== "string" && value !== undefined) whole = false;
        reads.set(name, value ?? null);
        return value;
      },
    });
  }
  // Two listings at once (never in one scan) could not tell whose probe is whose.
  const mine = { probes: [] as Probe[], overlap: recording.size > 0 };
  for (const r of recording) r.overlap = true;
  recording.add(mine);
  try {
    const result = await sources(seen);
    const ok = whole && !mine.overlap;
    return { result, record: ok ? { reads: [...reads], probes: mine.probes } : undefined };
  } finally {
    recording.delete(mine);
  }
}

/**
 * Whether `machine` reads as `record` says and every probe finds what it found.
 * A probe of a path still missing ({@link stillAbsent}) is not made again:
 * under Deno each one that fails builds an error, which is dear.
 */
export function sameSources(
  machine: MachineEnv,
  record: SourcesRecord,
  gone?: Set<string>,
): boolean {
  for (const [name, value] of record.reads) {
    const now = name.startsWith("env.")
      ? machine.env[name.slice(4)]
      : (machine as unknown as Record<string, unknown>)[name];
    if ((now ?? null) !== value) return false;
  }
  return record.probes.every((p) => (gone?.has(p[1]) && MISSING.has(p[2])) || probeNow(p) === p[2]);
}

/** What a probe of a missing path finds. */
const MISSING = new Set(["0", "-", "x:ENOENT", "x:ENOTDIR"]);

/** Whether probe `p` found its path missing. */
export function probedMissing(p: Probe): boolean {
  return MISSING.has(p[2]);
}

/**
 * `paths` (each missing) grouped by the deepest folder above each that
 * exists, with its stats: only where that folder's mtime is older than
 * {@link SETTLE_MS} before `now` (a change in the same tick could leave it
 * as it was) and the entry below it on the way is absent or a regular file
 * (not a dangling symlink, whose target may appear). Paths it cannot vouch
 * for are left out: they are probed every time.
 */
export function absentUnder(paths: readonly string[], now: number): Absent[] {
  const by = new Map<string, Absent>();
  for (const path of new Set(paths)) {
    try {
      if (statDir(path)) continue; // not missing now
      let child = path;
      let dir = dirname(path);
      let st = statDir(dir);
      while (!st && dir !== child) {
        child = dir;
        dir = dirname(dir);
        st = statDir(dir);
      }
      if (!st || dir === child || !(st.mtimeMs < now - SETTLE_MS) || !plainOrAbsent(child)) {
        continue;
      }
      let entry = by.get(dir);
      if (!entry) by.set(dir, entry = [dir, st.mtimeMs, st.ctimeMs, st.ino, []]);
      entry[4].push(path);
    } catch { /* cannot be stat'ed: probed every time */ }
  }
  return [...by.values()];
}

/** Whether `path` is absent or a regular file (not a symlink, not a folder). */
function plainOrAbsent(path: string): boolean {
  try {
    return /^\d+:\d+(\.\d+)?:\d+$/.test(leanFs.linkOrStat(path)) && !statDir(path);
  } catch (error) {
    return (error as { code?: string }).code === "ENOENT";
  }
}

/** The paths of `absent` whose folder stats as it did: they are still missing. */
export function stillAbsent(absent: readonly Absent[] | undefined): Set<string> {
  const gone = new Set<string>();
  for (const [dir, mtimeMs, ctimeMs, ino, paths] of absent ?? []) {
    let st;
    try {
      st = statDir(dir);
    } catch {
      continue;
    }
    if (st?.mtimeMs === mtimeMs && st.ctimeMs === ctimeMs && st.ino === ino) {
      for (const p of paths) gone.add(p);
    }
  }
  return gone;
}

/** Whether `value` is a {@link SourcesRecord} (as read back from the kept file). */
export function isSourcesRecord(value: unknown): value is SourcesRecord {
  const r = value as SourcesRecord;
  return typeof r === "object" && r !== null && Array.isArray(r.reads) &&
    Array.isArray(r.probes) && (r.absent === undefined || isAbsentList(r.absent)) &&
    r.reads.every((x) =>
      Array.isArray(x) && typeof x[0] === "string" && (x[1] === null || typeof x[1] === "string")
    ) &&
    r.probes.every((p) =>
      Array.isArray(p) && ["e", "t", "n"].includes(p[0]) && typeof p[1] === "string" &&
      typeof p[2] === "string"
    );
}

function isAbsentList(value: unknown): value is Absent[] {
  return Array.isArray(value) &&
    value.every((a) =>
      Array.isArray(a) && a.length === 5 && typeof a[0] === "string" &&
      typeof a[1] === "number" && typeof a[2] === "number" && typeof a[3] === "number" &&
      Array.isArray(a[4]) && a[4].every((p) => typeof p === "string")
    );
}
