/**
 * The usage cache: one cursor per source file, per platform in one file
 * `<cache dir>/<platform>.cursors.bin`. A cursor is where a source stood when
 * it was read (path, size, mtime, inode), how far it was read (the offset
 * past its last complete line, a hash of the bytes there), the decoder's
 * state at that offset, the problems found, and the source's own records
 * (keyed rows, `_codec.ts`). Counts and ids only: never a byte of prompt
 * text (the bytes at the offset are hashed).
 *
 * Per source, a scan then reads nothing (size, mtime and inode as kept), the
 * appended part (a `jsonl` source that only grew, whose bytes before the
 * offset hash as kept: its new rows are merged into the kept ones), or all
 * of it (anything else: rewritten, truncated, replaced under a new inode).
 * Sources not listed again are dropped when the file is saved. Every
 * platform's requests are then deduplicated afresh from all its sources'
 * rows (`_merge.ts`), so nothing else is kept.
 *
 * A damaged, foreign or outdated file (another tool or reader version) is
 * taken as empty: everything is read again.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageProblem } from "../core/usage_types.ts";
import type { HostId } from "../core/platform_types.ts";
import type { UsageSource } from "./reader.ts";
import type { Resume, SourceProblem } from "./_decode.ts";
import { ByteReader, ByteWriter } from "./_codec.ts";
import { headHash, readCacheFile } from "./cache.ts";
import { writeCacheFile } from "./_cache_write.ts";
import { nodeFs } from "../edge/node_fs.ts";
import type { SourceStat } from "./_stat.ts";

/** The format of a cursors file; bump when it changes. */
const FORMAT = 6;

/** What the cache keeps of one source. */
export interface Cursor extends SourceStat {
  /** Where the source was. */
  path: string;
  /** The offset past the last line taken. */
  end: number;
  /** Hash of the bytes at the start and just before `end` (`cache.ts` `headHash`). */
  head: string;
  /** The decoder's state at `end` (a `Resume`), null when there is none. */
  saved: unknown;
  /** Problems found before `end`. */
  problems: SourceProblem[];
  /** The source's keyed rows, encoded (`_codec.ts` `encodeRows`). */
  rows: Uint8Array;
}

/** What to do with one source. */
export type Plan =
  | { read: "none"; cursor: Cursor }
  | { read: "append"; cursor: Cursor; from: number }
  | { read: "all" };

interface Header {
  format: number;
  tool: string;
  reader: number;
  sources: (Omit<Cursor, "rows"> & { key: string })[];
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

/** One platform's cursors: loaded from its file, planned against, replaced, saved. */
export class CursorStore {
  private readonly kept = new Map<string, Cursor>();
  private readonly next = new Map<string, Cursor>();
  private changed = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly tool: string,
    private readonly reader: number,
  ) {}

  /**
   * The cursors of `platform` in `dir` for reader `version` under tool
   * `tool`; `dir` undefined: a store that keeps nothing (a read-only run).
   */
  static open(
    dir: string | undefined,
    platform: HostId,
    version: number,
    tool: string,
  ): CursorStore {
    const store = new CursorStore(
      dir === undefined ? undefined : join(dir, `${platform}.cursors.bin`),
      tool,
      version,
    );
    if (store.file) store.load(store.file);
    return store;
  }

  private load(file: string): void {
    let bytes: Uint8Array;
    try {
      bytes = readCacheFile(file);
    } catch {
      return; // none yet
    }
    try {
      const r = new ByteReader(bytes);
      const header = r.json<Header>();
      if (
        header?.format !== FORMAT || header.tool !== this.tool || header.reader !== this.reader ||
        !Array.isArray(header.sources)
      ) {
        return;
      }
      const cursors: [string, Cursor][] = [];
      for (const { key, ...c } of header.sources) cursors.push([key, { ...c, rows: r.block() }]);
      for (const [key, c] of cursors) this.kept.set(key, c);
    } catch {
      this.kept.clear(); // damaged: read everything again
    }
  }

  /** Whether anything is kept from an earlier scan. */
  get empty(): boolean {
    return this.kept.size === 0;
  }

  /** What to read of the source `key` at `path`, standing as `stat`. */
  plan(key: string, source: UsageSource, stat: SourceStat): Plan {
    const c = this.kept.get(key);
    if (!c || c.path !== source.path) return { read: "all" };
    if (c.size === stat.size && c.mtimeMs === stat.mtimeMs && c.ino === stat.ino) {
      return { read: "none", cursor: c };
    }
    // Only a file that grew was appended to; one of the same size with another
    // mtime or inode was rewritten.
    if (
      source.format === "jsonl" && !source.companions && c.ino === stat.ino &&
      stat.size > c.size && c.end > 0 && resumable(c.saved) && hashAt(source.path, c.end) === c.head
    ) {
      return { read: "append", cursor: c, from: c.end };
    }
    return { read: "all" };
  }

  /** Keeps `cursor` for source `key` (unchanged, or new). */
  put(key: string, cursor: Cursor): void {
    if (this.kept.get(key) !== cursor) this.changed = true;
    this.next.set(key, cursor);
  }

  /**
   * Writes the cursors put since {@link CursorStore.open} (sources not put are
   * dropped), when any changed or was dropped; false when it could not.
   */
  save(): boolean {
    if (!this.file) return true;
    if (!this.changed && this.next.size === this.kept.size) return true;
    const sources: Header["sources"] = [];
    let bytes = 0;
    for (const [key, { rows, ...c }] of this.next) {
      sources.push({ key, ...c });
      bytes += rows.length + 16;
    }
    const w = new ByteWriter(bytes + 4096);
    w.json({ format: FORMAT, tool: this.tool, reader: this.reader, sources } satisfies Header);
    for (const c of this.next.values()) w.block(c.rows);
    // Not synced to disk: the file is renamed into place whole, and one lost
    // to a crash reads as damaged, so everything is read again.
    return writeCacheFile(this.file, w.result(), false);
  }
}

/**
 * Whether a cursor's saved state lets its source be read from the cursor: not
 * when a record in it took the file's mtime for its time (`_decode.ts`).
 */
export function resumable(saved: unknown): boolean {
  return typeof saved === "object" && saved !== null && !(saved as Resume).m;
}

/** A source's problems as the scan reports them. */
export function sourceProblems(
  platform: HostId,
  path: string,
  problems: readonly SourceProblem[],
): UsageProblem[] {
  return problems.map((p) => ({
    platform,
    path,
    line: p.line,
    message: p.message,
    count: p.count,
  }));
}
