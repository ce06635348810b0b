import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, sqliteUnavailableMessage } from "./store_sqlite.ts";
import { TelemetryStoreError } from "./store.ts";
import { testRow } from "../tests/_helpers/telemetry_rows.ts";

let hasSqlite = true;
try {
  await import("node:sqlite" as string);
} catch {
  hasSqlite = false;
}

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), "ac-sqlite-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test(
  "rows round-trip through SQLite and group like the ndjson store",
  { skip: !hasSqlite },
  async () => {
    const store = await openSqliteStore(dir);
    store.append([
      testRow({ inputTokens: 1, projectDir: "/p" }),
      testRow({ inputTokens: 2, ts: "2026-11-01T11:00:00.000Z", isError: true }),
      testRow({ connectorId: "other", scope: "hook", surfaceKind: "hook" }),
    ]);
    const rows = [...store.rows()];
    assert.equal(rows.length, 3);
    assert.deepEqual(rows[0], testRow({ inputTokens: 1, projectDir: "/p" }));
    assert.equal([...store.rows({ connectorId: "other" })].length, 1);
    assert.equal([...store.rows({ scopes: ["hook"] })].length, 1);
    assert.equal([...store.rows({ since: "2026-11-01T10:30:00.000Z" })].length, 1);
    const groups = store.groups({ connectorId: "acme" });
    assert.equal(groups.length, 2);
    const ok = groups.find((g) => !g.isError)!;
    assert.deepEqual([ok.count, ok.inputTokens, ok.projectDir], [1, 1, "/p"]);
    store.close();
  },
);

test(
  "without node:sqlite, opening says which runtime lacks it and what to do",
  async () => {
    const missing = () => Promise.reject(new Error("No such built-in module: node:sqlite"));
    await assert.rejects(() => openSqliteStore(dir, missing), (error: Error) => {
      assert.ok(error instanceof TelemetryStoreError);
      assert.match(error.message, /node:sqlite .*set telemetry\.store to "ndjson"/);
      return true;
    });
  },
);

test(
  "a revision updates its provisional row in place, also in a database made before rowKey",
  { skip: !hasSqlite },
  async () => {
    const { DatabaseSync } = await import("node:sqlite" as string);
    // The table as the store created it before provisional rows existed.
    const old = new DatabaseSync(join(dir, "telemetry.sqlite"));
    old.exec(`CREATE TABLE rows (connectorId TEXT NOT NULL, toolName TEXT NOT NULL,
      scope TEXT NOT NULL, surfaceKind TEXT NOT NULL, hostPlatform TEXT NOT NULL,
      sessionId TEXT NOT NULL, projectKey TEXT NOT NULL, projectDir TEXT,
      inputTokens INTEGER NOT NULL, outputTokens INTEGER NOT NULL,
      confidenceSource TEXT NOT NULL, isError INTEGER NOT NULL, ts TEXT NOT NULL)`);
    old.prepare(
      "INSERT INTO rows VALUES ('acme', 'old', 'call', 'server', 'codex', 's0', 'k', NULL, 1, 2, 'heuristic', 0, '2026-10-01T00:00:00.000Z')",
    ).run();
    old.close();
    const store = await openSqliteStore(dir);
    const was = testRow({ rowId: "r1", outputTokens: 99, confidenceSource: "heuristic" });
    store.append([was]);
    store.revise([{ was, row: testRow({ rowId: "r1" }) }]);
    // A revision whose provisional row never got written still counts once.
    store.revise([{ was: testRow({ rowId: "lost" }), row: testRow({ toolName: "late" }) }]);
    assert.deepEqual(
      [...store.rows()].map((r) => [r.toolName, r.outputTokens, r.confidenceSource]),
      [["old", 2, "heuristic"], ["query", 20, "tokenizer-approx"], [
        "late",
        20,
        "tokenizer-approx",
      ]],
    );
    assert.equal([...store.rows()][1].rowId, undefined);
    const groups = store.groups().filter((g) => g.toolName === "query");
    assert.deepEqual(groups.map((g) => [g.count, g.outputTokens]), [[1, 20]]);
    store.close();
  },
);

test("the unavailable message names the runtime and the fix", () => {
  assert.match(sqliteUnavailableMessage(), /(Deno|Node) .*lacks — set telemetry.store to "ndjson"/);
});
