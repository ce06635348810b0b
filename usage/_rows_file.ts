/**
 * `<platform>.rows.bin`: each source's kept rows (encoded by `_codec.ts`) and
 * the offset they were read up to (see `cache.ts`).
 *
 * Written as a stream while a full scan settles: each source's rows go to a
 * temporary file as soon as they are merged, and the file replaces the old
 * one when the scan finishes. Holding them all to the end, then writing them
 * in one buffer, kept every row, and for a moment a second copy, next to
 * the merge and the finished table: the peak of the first cached scan.
 *
 * Layout: magic, a JSON header, then per source a tag (1), its key, its end
 * offset and its rows (an 8-byte aligned block), and last a tag (0) and the
 * number of sources. A file that does not end so is damaged and ignored.
 *
 * @module
 */

import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import { ensureDir, TEMP_SUFFIX } from "../io/atomic_write.ts";
import { ByteReader, ByteWriter } from "./_codec.ts";
import { readCacheFile } from "./cache.ts";

const MAGIC = 0x33525341; // "ASR3" as a little-endian uint32
const FORMAT = 1;
const ENTRY = 1;
const END = 0;
/** Bytes buffered before they are written out. */
const FLUSH_AT = 1 << 18;

/**
 * A source's records as read up to `end`, kept encoded (`_codec.ts`): a
 * source's rows are decoded only when a full settle merges them.
 */
export interface KeptRows {
  /** The offset the rows were read up to (equal to the cursor's when current). */
  end: number;
  /** The rows, encoded by `encodeRows` (`_codec.ts`). */
  bytes: Uint8Array;
}

/** The rows file of `platform` in `dir`. */
export function rowsFile(dir: string, platform: string): string {
  return join(dir, `${platform}.rows.bin`);
}

/**
 * Loads every source's kept rows (still encoded, views into one buffer);
 * undefined when absent, damaged or of another reader version.
 */
export function loadRows(
  dir: string,
  platform: string,
  readerVersion: number,
): Map<string, KeptRows> | undefined {
  try {
    const r = new ByteReader(readCacheFile(rowsFile(dir, platform)));
    if (r.u32() !== MAGIC) return undefined;
    const header = r.json<{ format: number; reader: number }>();
    if (header.format !== FORMAT || header.reader !== readerVersion) return undefined;
    const out = new Map<string, KeptRows>();
    for (let tag = r.u32(); tag === ENTRY; tag = r.u32()) {
      const key = r.json<string>();
      const end = r.f64();
      out.set(key, { end, bytes: r.block() });
    }
    return r.u32() === out.size && r.at === r.data.length ? out : undefined;
  } catch {
    return undefined; // absent or damaged: every source is read again
  }
}

/**
 * Writes a rows file source by source into a temporary file beside it, which
 * {@link RowsFileWriter.commit} renames over the old one. Never throws: on a
 * failed write (no permission, a full disk) it stops, and `commit` removes
 * both files, so no rows that lag their cursors are ever read back.
 */
export class RowsFileWriter {
  private readonly target: string;
  private readonly temp: string;
  private fd: number | undefined;
  private w = new ByteWriter(FLUSH_AT + (1 << 12));
  private count = 0;
  private failed = false;

  /** Starts `platform`'s rows file in `dir` for rows of `readerVersion`. */
  constructor(dir: string, platform: string, readerVersion: number) {
    this.target = rowsFile(dir, platform);
    const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(16);
    this.temp = join(
      dirname(this.target),
      `.${basename(this.target)}.${process.pid}.${random}${TEMP_SUFFIX}`,
    );
    try {
      ensureDir(dir); // not a recursive mkdirSync: Node 20 loops on it under /proc
      this.fd = openSync(this.temp, "wx", 0o600);
    } catch {
      this.failed = true;
      return;
    }
    this.w.u32(MAGIC);
    this.w.json({ format: FORMAT, reader: readerVersion });
  }

  /** Adds one source's rows (written out in batches, not held). */
  add(key: string, kept: KeptRows): void {
    if (this.failed) return;
    this.w.u32(ENTRY);
    this.w.json(key);
    this.w.f64(kept.end);
    this.w.block(kept.bytes);
    this.count++;
    if (this.w.length >= FLUSH_AT) this.flush(false);
  }

  /** Writes what is buffered; all of it when `all`, else whole 8-byte words (alignment holds). */
  private flush(all: boolean): void {
    if (this.failed || this.fd === undefined) return;
    try {
      const fd = this.fd;
      this.w.drain(all ? 1 : 8, (bytes) => {
        let at = 0;
        while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
      });
    } catch {
      this.failed = true;
    }
  }

  /** Ends the file and puts it in place; false (and no rows file at all) when it could not. */
  commit(): boolean {
    if (!this.failed) {
      this.w.u32(END);
      this.w.u32(this.count);
      this.flush(true);
    }
    try {
      if (this.fd !== undefined) {
        if (!this.failed) fsyncSync(this.fd);
        closeSync(this.fd);
      }
    } catch {
      this.failed = true;
    }
    this.fd = undefined;
    this.w.release();
    this.w = new ByteWriter(16);
    if (!this.failed) {
      try {
        renameSync(this.temp, this.target);
        return true;
      } catch {
        this.failed = true;
      }
    }
    for (const path of [this.temp, this.target]) {
      try {
        unlinkSync(path);
      } catch { /* absent, or not ours to remove */ }
    }
    return false;
  }
}
