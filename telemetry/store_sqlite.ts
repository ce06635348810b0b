/**
 * The opt-in SQLite telemetry store (`telemetry.store: "sqlite"`):
 * `<dataRoot>/telemetry/telemetry.sqlite` through node:sqlite, in WAL mode
 * with a busy timeout so many serve processes can append at once. A
 * provisional row keeps its `rowId` in the `rowKey` column (added to a
 * database made before it), and its revision updates it in place. node:sqlite
 * exists in Deno 2.2+ and Node ≥ 22.5 (flag-free from 22.13); elsewhere
 * opening fails with {@link TelemetryStoreError} saying what to do.
 *
 * @module
 */

import { join } from "node:path";
import process from "node:process";
import { runtimeName } from "../edge/runtime_info.ts";
import { ensureDir } from "../io/atomic_write.ts";
import type { RowGroup } from "./groups.ts";
import type { TelemetryRow } from "./rows.ts";
import { type RowFilter, type TelemetryStore, TelemetryStoreError } from "./store_types.ts";

/** The database file name. */
export const SQLITE_FILE = "telemetry.sqlite";

// The subset of node:sqlite used here (typed locally: Node 20's types lack it).
interface Statement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): Record<string, unknown>[];
  iterate?(...params: unknown[]): Iterable<Record<string, unknown>>;
}
interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

const COLUMNS = [
  "connectorId",
  "toolName",
  "scope",
  "surfaceKind",
  "hostPlatform",
  "sessionId",
  "projectKey",
  "projectDir",
  "inputTokens",
  "outputTokens",
  "confidenceSource",
  "isError",
  "ts",
  "rowKey",
] as const;

const SCHEMA = `CREATE TABLE IF NOT EXISTS rows (
  connectorId TEXT NOT NULL, toolName TEXT NOT NULL, scope TEXT NOT NULL,
  surfaceKind TEXT NOT NULL, hostPlatform TEXT NOT NULL, sessionId TEXT NOT NULL,
  projectKey TEXT NOT NULL, projectDir TEXT, inputTokens INTEGER NOT NULL,
  outputTokens INTEGER NOT NULL, confidenceSource TEXT NOT NULL,
  isError INTEGER NOT NULL, ts TEXT NOT NULL, rowKey TEXT);
CREATE INDEX IF NOT EXISTS rows_ts ON rows (ts);
CREATE INDEX IF NOT EXISTS rows_connector ON rows (connectorId, ts);`;
// After the column exists (a database made before rowKey gets it first).
const KEY_INDEX = "CREATE INDEX IF NOT EXISTS rows_key ON rows (rowKey) WHERE rowKey IS NOT NULL";

/** Adds the rowKey column to a database made before it (another writer may race us). */
function addRowKey(db: Database): void {
  const columns = db.prepare("PRAGMA table_info(rows)").all().map((c) => String(c.name));
  if (columns.includes("rowKey")) return;
  try {
    db.exec("ALTER TABLE rows ADD COLUMN rowKey TEXT");
  } catch (error) {
    if (!/duplicate column/i.test(String(error))) throw error;
  }
}

/** Explains why node:sqlite is missing on this runtime. */
export function sqliteUnavailableMessage(): string {
  const where = runtimeName() === "deno"
    ? `Deno ${process.versions.deno ?? ""}`.trim()
    : `Node ${process.versions.node}`;
  return `the sqlite telemetry store needs node:sqlite (Deno 2.2+ or Node 22.5+), which ${where} ` +
    `lacks — set telemetry.store to "ndjson" in the connector, or run on a newer runtime`;
}

/**
 * Opens (creating) the SQLite store in `dir`. `loadSqlite` stands in for
 * `import("node:sqlite")`, so a test can play a runtime without it.
 */
export async function openSqliteStore(
  dir: string,
  loadSqlite: () => Promise<unknown> = () => import("node:sqlite" as string),
): Promise<TelemetryStore> {
  let DatabaseSync: new (path: string) => Database;
  try {
    ({ DatabaseSync } = await loadSqlite() as {
      DatabaseSync: new (path: string) => Database;
    });
  } catch (error) {
    throw new TelemetryStoreError(sqliteUnavailableMessage(), { cause: error });
  }
  ensureDir(dir);
  const path = join(dir, SQLITE_FILE);
  let db: Database;
  try {
    db = new DatabaseSync(path);
    db.exec("PRAGMA busy_timeout = 10000");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec(SCHEMA);
    addRowKey(db);
    db.exec(KEY_INDEX);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TelemetryStoreError(`cannot open "${path}": ${message}`, { cause: error });
  }
  const insert = db.prepare(
    `INSERT INTO rows (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
  );

  function where(filter?: RowFilter): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter?.since !== undefined) {
      clauses.push("ts >= ?");
      params.push(filter.since);
    }
    if (filter?.connectorId !== undefined) {
      clauses.push("connectorId = ?");
      params.push(filter.connectorId);
    }
    if (filter?.scopes) {
      clauses.push(`scope IN (${filter.scopes.map(() => "?").join(", ") || "NULL"})`);
      params.push(...filter.scopes);
    }
    return { sql: clauses.length ? ` WHERE ${clauses.join(" AND ")}` : "", params };
  }

  const update = db.prepare(
    "UPDATE rows SET inputTokens = ?, outputTokens = ?, confidenceSource = ?, isError = ? " +
      "WHERE rowKey = ?",
  );
  const add = (r: TelemetryRow) => insert.run(...COLUMNS.map((c) => columnValue(r, c)));
  const transaction = (work: () => void) => {
    db.exec("BEGIN IMMEDIATE");
    try {
      work();
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };

  return {
    kind: "sqlite",
    append(rows) {
      if (rows.length > 0) transaction(() => rows.forEach(add));
    },
    revise(revisions) {
      if (revisions.length === 0) return;
      transaction(() => {
        for (const { was, row } of revisions) {
          const r = row;
          const changed = update.run(
            r.inputTokens,
            r.outputTokens,
            r.confidenceSource,
            r.isError ? 1 : 0,
            was.rowId ?? null,
          ) as { changes?: number | bigint };
          // The provisional row is not there (never written): keep the final one.
          if (Number(changed.changes ?? 0) === 0) add({ ...row, rowId: undefined });
        }
      });
    },
    *rows(filter) {
      const w = where(filter);
      const stmt = db.prepare(`SELECT * FROM rows${w.sql} ORDER BY ts, rowid`);
      for (const r of stmt.iterate ? stmt.iterate(...w.params) : stmt.all(...w.params)) {
        yield toRow(r);
      }
    },
    groups(filter) {
      const w = where(filter);
      const dims = COLUMNS.filter((c) =>
        !["inputTokens", "outputTokens", "ts", "projectDir", "rowKey"].includes(c)
      );
      const sql = `SELECT ${dims.join(", ")}, COUNT(*) AS count, SUM(inputTokens) AS inputTokens,
        SUM(outputTokens) AS outputTokens, MIN(ts) AS firstTs, MAX(ts) AS lastTs,
        MAX(projectDir) AS projectDir FROM rows${w.sql} GROUP BY ${dims.join(", ")}`;
      return db.prepare(sql).all(...w.params).map((r) => {
        const g = { ...toRow({ ...r, ts: r.lastTs }), count: Number(r.count) } as RowGroup & {
          ts?: string;
        };
        delete g.ts;
        g.firstTs = String(r.firstTs);
        g.lastTs = String(r.lastTs);
        return g;
      });
    },
    close() {
      try {
        db.close();
      } catch { /* already closed */ }
    },
  };
}

/** What `row` stores in `column`. */
function columnValue(row: TelemetryRow, column: typeof COLUMNS[number]): unknown {
  if (column === "isError") return row.isError ? 1 : 0;
  if (column === "rowKey") return row.rowId ?? null;
  return row[column] ?? null;
}

function toRow(r: Record<string, unknown>): TelemetryRow {
  const row: TelemetryRow = {
    connectorId: String(r.connectorId),
    toolName: String(r.toolName),
    scope: r.scope as TelemetryRow["scope"],
    surfaceKind: r.surfaceKind as TelemetryRow["surfaceKind"],
    hostPlatform: String(r.hostPlatform),
    sessionId: String(r.sessionId),
    projectKey: String(r.projectKey),
    inputTokens: Number(r.inputTokens),
    outputTokens: Number(r.outputTokens),
    confidenceSource: r.confidenceSource as TelemetryRow["confidenceSource"],
    isError: Number(r.isError) === 1,
    ts: String(r.ts),
  };
  if (typeof r.projectDir === "string") row.projectDir = r.projectDir;
  return row;
}
