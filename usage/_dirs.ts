/**
 * Remembered folder listings, so a re-scan with nothing new stats each folder
 * under a host's roots instead of reading it: one `stat` instead of `open`,
 * `fstat`, two `getdents` and `close` (and, under Deno, an object per entry).
 * Reading the folders was a large part of such a re-scan's CPU
 * (bench/README.md). Used under both runtimes: the walks it vouches for are
 * what `_listing_memo.ts` keeps, and with that memo a no-change re-scan on
 * Node 20 stats its folders instead of reading them too.
 * The stats are in the units both runtimes give (`_node_stat.ts`), so either
 * runtime's memo holds for the other.
 *
 * A folder's listing is reused only while its mtime, ctime and inode are the
 * ones it had just before it was read: creating, removing or renaming an
 * entry sets its mtime, so a listing can be stale only if the folder changed
 * again within the same timestamp tick. A folder whose mtime is within
 * {@link SETTLE_MS} of the listing's start is therefore read and not
 * remembered (git's "racily clean" rule). Files are never taken from here
 * unchecked: an append changes no folder's times, so the scan still stats
 * every file it lists (`_plan.ts`).
 *
 * Not caught: a folder whose entries change and whose mtime is then set back
 * to exactly its remembered value (to the millisecond) by hand. Node's ctime
 * catches even that; Deno 2.9's does not (on Linux it reports whole seconds
 * and does not move on a `chmod` or `utimes`), so under Deno the mtime and
 * the inode decide.
 *
 * Kept in `<cache dir>/dirs.json`, per platform (a listing of some platforms
 * leaves the others' folders as they are): names and kinds, no file content.
 *
 * @module
 */

import { join } from "node:path";
import { denoReadDir, denoStatDir, type DirStat } from "../edge/runtime_info.ts";
import { leanFs, nodeFs } from "../edge/node_fs.ts";
import { nodeStatDir } from "../edge/node_stat.ts";

const FORMAT = 1;

/**
 * A folder whose mtime is this close to (or after) the start of the listing
 * is read but not remembered: a change in the same timestamp tick (coarse
 * kernel clocks, 2 s on FAT, a skewed file server) could leave its times as
 * they were.
 */
export const SETTLE_MS = 2000;

/**
 * A folder's entries: `names[i]` is a file (`f`), folder (`d`), symlink (`l`),
 * something else (`o`) or not known (`u`) by `kinds[i]`.
 */
export interface DirListing {
  /** Entry names, as the OS lists them. */
  names: string[];
  /** One kind letter per name. */
  kinds: string;
  /**
   * The folder's stat, when the listing is one a later scan may take again
   * while the folder stats the same (a settled folder's, from a `DirMemo`).
   */
  stat?: DirStat;
}

/**
 * Lists one folder: undefined when it is missing or not a folder; throws the
 * OS error (with its `code`) when it exists but cannot be read.
 */
export type ListDir = (path: string) => DirListing | undefined;

/** [mtimeMs, ctimeMs, ino, names joined by "/", kinds]: no name holds a "/". */
type Kept = [number, number, number, string, string];

/** The OS calls a memo uses; replaceable in tests. */
export interface DirIo {
  /** Stats a folder (see `denoStatDir`). */
  stat: (path: string) => DirStat | undefined;
  /** Reads a folder's entries with their kinds. */
  read: (path: string) => DirListing;
}

/** Reads a folder's entries and their kinds (from the listing itself where the OS gives them). */
export function readDirKinds(path: string): DirListing {
  const names: string[] = [];
  let kinds = "";
  for (const e of nodeFs().readdirSync(path, { withFileTypes: true })) {
    names.push(e.name);
    kinds += e.isDirectory() ? "d" : e.isFile() ? "f" : e.isSymbolicLink() ? "l" : "o";
  }
  return { names, kinds };
}

/**
 * Lists a folder for a scan without the cache: under Deno through its own API
 * with kinds (no probing of files as folders), elsewhere by name only
 * (kinds unknown): what costs each runtime least (bench/README.md).
 */
export const listNames: ListDir = denoReadDir() ?? ((path) => {
  let names: string[];
  try {
    names = nodeFs().readdirSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  return { names, kinds: "u".repeat(names.length) };
});

/** A folder's stat, with the contract and units of `denoStatDir` (whose it is under Deno). */
export const statDir: (path: string) => DirStat | undefined = denoStatDir() ?? nodeStatDir;

const denoRead = denoReadDir();
const DEFAULT_IO: DirIo = {
  stat: statDir,
  read: denoRead
    ? (path) => denoRead(path) ?? { names: [], kinds: "" } // it was a folder when stat'ed
    : readDirKinds,
};

/** The remembered listings of one cache folder, for one listing run. */
export class DirMemo {
  private loaded?: Record<string, Record<string, Kept>>;
  private readonly fresh = new Map<string, Map<string, Kept>>();
  private changed = false;

  /**
   * The memo kept in `cacheDir` (read when a folder is first listed; none
   * kept, or damaged: empty). `now` is when this listing started; `io`
   * replaces the OS calls in tests.
   */
  constructor(
    private readonly cacheDir: string,
    private readonly now: number = Date.now(),
    private readonly io: DirIo = DEFAULT_IO,
  ) {}

  private get kept(): Record<string, Record<string, Kept>> {
    if (this.loaded) return this.loaded;
    let kept: Record<string, Record<string, Kept>> = {};
    try {
      const data = JSON.parse(leanFs.readText(this.file()));
      if (data?.format === FORMAT && data.platforms && typeof data.platforms === "object") {
        kept = data.platforms;
      }
    } catch { /* none kept, or damaged: every folder is read */ }
    return this.loaded = kept;
  }

  private file(): string {
    return join(this.cacheDir, "dirs.json");
  }

  /**
   * The lister of `platform`'s folders. Once it lists a folder, remembered
   * listings of `platform` it does not reach are dropped; a lister never
   * used leaves them as they were.
   */
  lister(platform: string): ListDir {
    let state: { fresh: Map<string, Kept>; kept: Record<string, Kept> } | undefined;
    return (path) => {
      if (!state) {
        let fresh = this.fresh.get(platform);
        if (!fresh) this.fresh.set(platform, fresh = new Map());
        const all = this.kept;
        state = { fresh, kept: Object.hasOwn(all, platform) ? all[platform] : {} };
      }
      const { fresh, kept } = state;
      return this.list(path, Object.hasOwn(kept, path) ? kept[path] : undefined, fresh);
    };
  }

  private list(
    path: string,
    old: Kept | undefined,
    fresh: Map<string, Kept>,
  ): DirListing | undefined {
    let st: DirStat | undefined;
    let known = true;
    try {
      st = this.io.stat(path);
      if (!st) return undefined;
    } catch {
      known = false; // reading it gives the error to report
    }
    if (
      st && old && Array.isArray(old) && old[0] === st.mtimeMs && old[1] === st.ctimeMs &&
      old[2] === st.ino && typeof old[3] === "string" && typeof old[4] === "string"
    ) {
      fresh.set(path, old);
      const names = old[3] === "" ? [] : old[3].split("/");
      if (names.length === old[4].length) return { names, kinds: old[4], stat: st };
    }
    const listing = this.io.read(path);
    if (known && st && st.mtimeMs < this.now - SETTLE_MS && st.mtimeMs > 0) {
      fresh.set(path, [st.mtimeMs, st.ctimeMs, st.ino, listing.names.join("/"), listing.kinds]);
      listing.stat = st;
      this.changed = true;
    } else {
      fresh.delete(path);
      if (old) this.changed = true;
    }
    return listing;
  }

  /**
   * Writes the listings of the platforms listed since load (with the others'
   * as they were) when any changed; false when nothing was written.
   */
  async save(): Promise<boolean> {
    let changed = this.changed;
    for (const [platform, fresh] of this.fresh) {
      const kept = Object.hasOwn(this.kept, platform) ? this.kept[platform] : {};
      // Every folder in `fresh` is either kept unchanged or counted in `changed`.
      if (fresh.size !== Object.keys(kept).length) changed = true;
    }
    if (!changed) return false;
    const platforms = { ...this.kept };
    for (const [platform, fresh] of this.fresh) {
      if (fresh.size === 0) delete platforms[platform];
      else platforms[platform] = Object.fromEntries(fresh);
    }
    const { writeCacheFile } = await import("./_cache_write.ts");
    return writeCacheFile(this.file(), JSON.stringify({ format: FORMAT, platforms }));
  }
}
