/**
 * Folds a SQLite write-ahead log into a copy of its database file, in memory,
 * the way SQLite's own recovery does: the WAL header and every frame are
 * checked (magic, salts, running checksums), and only frames up to the last
 * commit of the valid prefix are applied. A half-written frame at the end (a
 * host still writing) is left out, so the image is the last committed state.
 *
 * Hosts such as OpenCode keep their store in WAL mode, and recent messages sit
 * in `<db>-wal` until a checkpoint; reading only the main file would miss them.
 * Nothing is written to disk: the database and its WAL are only read, and the
 * frames are applied to the caller's in-memory copy.
 *
 * Format: https://www.sqlite.org/fileformat2.html#the_write_ahead_log
 *
 * @module
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

function u32be(b: Uint8Array, at: number): number {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

function u32le(b: Uint8Array, at: number): number {
  return ((b[at + 3] << 24) | (b[at + 2] << 16) | (b[at + 1] << 8) | b[at]) >>> 0;
}

/** SQLite's WAL checksum of `b[from, to)` continuing from `s`; returns the new pair. */
function checksum(
  b: Uint8Array,
  from: number,
  to: number,
  s: [number, number],
  bigEndian: boolean,
): [number, number] {
  const word = bigEndian ? u32be : u32le;
  let [s1, s2] = s;
  for (let i = from; i < to; i += 8) {
    s1 = (s1 + word(b, i) + s2) >>> 0;
    s2 = (s2 + word(b, i + 4) + s1) >>> 0;
  }
  return [s1, s2];
}

/** The committed frames of a WAL: page size, final page count and `[page, offset]` pairs. */
export interface WalCommit {
  /** The page size the WAL was written with. */
  pageSize: number;
  /** The database size in pages after the last commit. */
  pages: number;
  /** Each committed frame's page number and the offset of its page data, in log order. */
  frames: [number, number][];
}

/** Reads the committed part of `wal`; undefined when it holds no valid commit. */
export function readWal(wal: Uint8Array): WalCommit | undefined {
  if (wal.length < WAL_HEADER) return undefined;
  const magic = u32be(wal, 0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return undefined;
  const bigEndian = (magic & 1) === 1;
  const pageSize = u32be(wal, 8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return undefined;
  let sum = checksum(wal, 0, 24, [0, 0], bigEndian);
  if (sum[0] !== u32be(wal, 24) || sum[1] !== u32be(wal, 28)) return undefined;
  const salt1 = u32be(wal, 16);
  const salt2 = u32be(wal, 20);
  const frames: [number, number][] = [];
  let committed = 0;
  let pages = 0;
  const step = FRAME_HEADER + pageSize;
  for (let at = WAL_HEADER; at + step <= wal.length; at += step) {
    const page = u32be(wal, at);
    if (page === 0 || u32be(wal, at + 8) !== salt1 || u32be(wal, at + 12) !== salt2) break;
    sum = checksum(wal, at, at + 8, sum, bigEndian);
    sum = checksum(wal, at + FRAME_HEADER, at + step, sum, bigEndian);
    if (sum[0] !== u32be(wal, at + 16) || sum[1] !== u32be(wal, at + 20)) break;
    frames.push([page, at + FRAME_HEADER]);
    const commitSize = u32be(wal, at + 4);
    if (commitSize !== 0) {
      committed = frames.length;
      pages = commitSize;
    }
  }
  if (committed === 0) return undefined;
  return { pageSize, pages, frames: frames.slice(0, committed) };
}

/**
 * Writes the committed frames of `commit` (read from `wal`) into `image`, in
 * place, in log order. `image` must already be `commit.pages` pages long and
 * hold the main file's bytes; pages past its end are left out.
 */
export function applyFrames(image: Uint8Array, wal: Uint8Array, commit: WalCommit): void {
  for (const [page, at] of commit.frames) {
    const to = (page - 1) * commit.pageSize;
    if (to + commit.pageSize <= image.length) {
      image.set(wal.subarray(at, at + commit.pageSize), to);
    }
  }
}

/** True when a database file's header says it is in WAL mode (or the file is still empty). */
export function inWalMode(header: Uint8Array): boolean {
  // Bytes 18 and 19: file format write/read version, 2 = WAL, 1 = legacy.
  return header.length === 0 || (header.length >= 20 && header[18] === 2);
}

/**
 * Switches an in-memory image's header to rollback-journal mode, in place, so
 * an in-memory engine opens it without looking for a WAL of its own.
 */
export function markRollback(image: Uint8Array): void {
  if (image.length >= 100 && (image[18] === 2 || image[19] === 2)) {
    image[18] = 1;
    image[19] = 1;
  }
}
