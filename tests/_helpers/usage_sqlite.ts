/**
 * Writes small SQLite databases for usage reader tests, with the host's real
 * schema given as SQL: sql.js builds the database in memory and its bytes are
 * written to `path` (a rollback-journal file, as a host leaves it after a
 * checkpoint).
 *
 * @module
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

interface SqlDatabase {
  run(sql: string, params?: unknown[]): void;
  exec(sql: string): unknown;
  export(): Uint8Array;
  close(): void;
}

/** Creates the database at `path` from `schema`, then inserts each `[sql, params]` row. */
export async function writeDatabase(
  path: string,
  schema: string,
  rows: [string, unknown[]][] = [],
): Promise<void> {
  const mod = await import("sql.js");
  const init = ((mod as { default?: unknown }).default ?? mod) as () => Promise<
    { Database: new () => SqlDatabase }
  >;
  const db = new (await init()).Database();
  try {
    db.exec(schema);
    for (const [sql, params] of rows) db.run(sql, params);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, db.export());
  } finally {
    db.close();
  }
}
