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

test("the unavailable message names the runtime and the fix", () => {
  assert.match(sqliteUnavailableMessage(), /(Deno|Node) .*lacks — set telemetry.store to "ndjson"/);
});
