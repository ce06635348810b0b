/**
 * Read-only access to a host's SQLite database for the readers whose host
 * keeps usage in one (OpenCode, Goose, Hermes, Crush, Kiro): the file and its
 * `-wal` are read into memory, the committed WAL frames are folded in
 * (`_wal.ts`), and sql.js (pure WebAssembly, imported only here, on first
 * use) opens the copy. The host's files are never opened for writing and
 * never locked, so a running host is not disturbed.
 *
 * Bad input is reported once per source through the sink and the scan goes
 * on: an unreadable or locked file, a file that is not SQLite, a truncated or
 * half-written one (what could be read before the damage still counts), a
 * table the reader expects but the host version does not have.
 *
 * @module
 */

import { join } from "node:path";
import type { DecodeSink, SourceLister, UsageSource } from "../reader.ts";
import { applyFrames, inWalMode, markRollback, readWal } from "./_wal.ts";
import { namesIn } from "./_homes.ts";
import { nodeFs } from "../../edge/node_fs.ts";

/** A database opened read-only, in memory. */
export interface HostDatabase {
  /** The names of its tables. */
  readonly tables: ReadonlySet<string>;
  /** The column names of `table` (empty when there is no such table). */
  columns(table: string): Set<string>;
  /** Runs `sql` and calls `row` with each result row by column name; throws on damage. */
  each(sql: string, row: (r: Record<string, unknown>) => void): void;
}

interface SqlStatement {
  step(): boolean;
  get(): unknown[];
  getColumnNames(): string[];
  free(): void;
}

interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  close(): void;
}

interface SqlEngine {
  Database: new (data: Uint8Array) => SqlDatabase;
}

let engine: Promise<SqlEngine> | undefined;

function sqlEngine(): Promise<SqlEngine> {
  engine ??= import("sql.js").then((mod) => {
    const init = ((mod as { default?: unknown }).default ?? mod) as () => Promise<SqlEngine>;
    return init();
  });
  return engine;
}

/** The source of the SQLite database at `path`: re-read whenever it or its WAL changes. */
export function databaseSource(path: string, meta?: Record<string, string>): UsageSource {
  const source: UsageSource = { path, format: "custom", companions: [`${path}-wal`] };
  if (meta) source.meta = meta;
  return source;
}

/**
 * The files directly inside `dir` whose names pass `match`, as database
 * sources, sorted. A missing folder is normal; an unreadable one is reported.
 */
export function listDatabases(
  dir: string,
  match: (name: string) => boolean,
  list: SourceLister,
): UsageSource[] {
  return namesIn(dir, list).filter(match).map((name) =>
    databaseSource(join(dir, name), { root: dir })
  );
}

const HEADER = "SQLite format 3\u0000";

function readOptional(path: string): Uint8Array | undefined {
  try {
    return nodeFs().readFileSync(path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The database at `path` as of its last commit, in one buffer: the main file
 * is read straight into a buffer sized for the committed WAL, and the WAL's
 * frames are applied in place. Large stores are touched once (every copy of
 * a few hundred MB costs seconds), and the buffer is handed to sql.js as is.
 */
function loadImage(path: string): Uint8Array {
  const { openSync, fstatSync, readSync, closeSync } = nodeFs();
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return new Uint8Array(0);
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const header = new Uint8Array(Math.min(size, 100));
    readSync(fd, header, 0, header.length, 0);
    const wal = inWalMode(header) ? readOptional(`${path}-wal`) : undefined;
    const commit = wal ? readWal(wal) : undefined;
    // Plain bytes, not a `Buffer`: `node:buffer` would load with every reader
    // that lists a database, on a re-scan that reads none.
    const image = new Uint8Array(commit ? commit.pages * commit.pageSize : size);
    let have = 0;
    while (have < Math.min(size, image.length)) {
      const n = readSync(fd, image, have, Math.min(image.length, size) - have, have);
      if (n <= 0) break; // the file shrank while being read
      have += n;
    }
    image.fill(0, have); // pages the WAL does not hold and the file no longer has
    if (commit) applyFrames(image, wal!, commit);
    markRollback(image);
    return image;
  } finally {
    closeSync(fd);
  }
}

/** The image's own page count times its page size, when the header vouches for it. */
function declaredSize(image: Uint8Array): number | undefined {
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  const pages = view.getUint32(28);
  // The in-header size is valid when non-zero and its change counter matches.
  if (pages === 0 || view.getUint32(24) !== view.getUint32(92)) return undefined;
  return pages * pageSize;
}

/**
 * Opens the database of `sink.source` and hands it to `use`. Every failure is
 * reported once on the sink; records `use` emitted before a failure stay.
 */
export async function readDatabase(
  sink: DecodeSink,
  use: (db: HostDatabase) => void,
): Promise<void> {
  const path = sink.source.path;
  let image: Uint8Array;
  try {
    image = loadImage(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    sink.problem(
      `cannot read this SQLite database (${
        code ?? (error as Error).message
      }): it may be locked by the host; it was skipped`,
    );
    return;
  }
  if (image.length === 0) return; // created but never written: nothing to count
  if (image.length < 100 || new TextDecoder().decode(image.subarray(0, 16)) !== HEADER) {
    sink.problem("this file is not a SQLite database (or its first page is damaged); skipped");
    return;
  }
  const declared = declaredSize(image);
  if (declared !== undefined && declared > image.length) {
    sink.problem(
      `this SQLite database is truncated (${image.length} of ${declared} bytes; ` +
        "it may still be being written): what could be read was counted",
    );
  }
  let db: SqlDatabase;
  try {
    db = new (await sqlEngine()).Database(image);
  } catch (error) {
    sink.problem(`cannot open this SQLite database (${(error as Error).message}); it was skipped`);
    return;
  }
  try {
    const all = (sql: string): Record<string, unknown>[] => {
      const out: Record<string, unknown>[] = [];
      each(db, sql, (r) => out.push(r));
      return out;
    };
    const tables = new Set(
      all("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)),
    );
    use({
      tables,
      columns(table) {
        if (!tables.has(table)) return new Set();
        return new Set(
          all(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).map((r) => String(r.name)),
        );
      },
      each: (sql, row) => each(db, sql, row),
    });
  } catch (error) {
    sink.problem(
      `cannot read this SQLite database (${
        (error as Error).message
      }): it may be truncated or still being written; the rest of it was skipped`,
    );
  } finally {
    db.close();
  }
}

function each(db: SqlDatabase, sql: string, row: (r: Record<string, unknown>) => void): void {
  const stmt = db.prepare(sql);
  try {
    const names = stmt.getColumnNames();
    while (stmt.step()) {
      const values = stmt.get();
      const r: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) r[names[i]] = values[i];
      row(r);
    }
  } finally {
    stmt.free();
  }
}

/**
 * The columns of `table` when it has `column`; otherwise reports once that
 * this is not the `host` store the reader knows (another version, another
 * program's file) and returns undefined.
 */
export function columnsOf(
  db: HostDatabase,
  sink: DecodeSink,
  table: string,
  column: string,
  host: string,
): Set<string> | undefined {
  const columns = db.columns(table);
  if (columns.has(column)) return columns;
  sink.problem(`this database has no ${host} ${table} table (an unknown version?); skipped`);
  return undefined;
}

/** A number from a column (integers, reals or numeric text); undefined otherwise. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return undefined;
}

/** A non-empty string from a column; undefined otherwise. */
export function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * Milliseconds since the epoch from a time column: epoch seconds or
 * milliseconds (number or numeric text), ISO-8601, or SQLite's own
 * `CURRENT_TIMESTAMP` text (`YYYY-MM-DD HH:MM:SS`, UTC). NaN otherwise.
 */
export function timeOf(value: unknown): number {
  const n = numberOf(value);
  if (n !== undefined) return n > 0 ? (n < 1e12 ? n * 1000 : n) : NaN;
  if (typeof value !== "string") return NaN;
  const sqlite = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(value.trim());
  return Date.parse(sqlite ? `${sqlite[1]}T${sqlite[2]}Z` : value);
}
