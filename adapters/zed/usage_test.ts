import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { zedProject, zedThreadsDb } from "./usage.ts";

const DB = join(".local", "share", "zed", "threads", "threads.db");
const scan = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["zed"], cache });

interface SqlDb {
  run(sql: string, params?: unknown[]): void;
  export(): Uint8Array;
  close(): void;
}

/** Runs `sql` on the database file at `path` in place (sql.js, as a host would write it). */
async function alter(path: string, sql: string, params: unknown[]): Promise<void> {
  const mod = await import("sql.js");
  const init = ((mod as { default?: unknown }).default ?? mod) as () => Promise<
    { Database: new (data: Uint8Array) => SqlDb }
  >;
  const db = new (await init()).Database(readFileSync(path));
  try {
    db.run(sql, params);
    writeFileSync(path, db.export());
  } finally {
    db.close();
  }
}

const INSERT =
  "INSERT INTO threads (id, summary, updated_at, data_type, data) VALUES (?, ?, ?, ?, ?)";

test("one record per thread from its cumulative usage, zstd and plain JSON rows alike", async () => {
  // tests/fixtures/usage/zed/README.md: thread-a (zstd) 1200/5000/400/300, whose
  // request_token_usage keeps only its last request; thread-b (json) 10/5; thread-c a
  // subagent (zstd) 7/3; thread-d never reached a model.
  const { dir, done } = tempCopy("zed/home");
  try {
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.deepEqual(records.map((r) => r.sessionId).sort(), ["thread-a", "thread-b", "thread-c"]);
    assert.deepEqual(buckets(records), [1200 + 10 + 7, 5000, 400, 300 + 5 + 3]);
    const a = records.find((r) => r.sessionId === "thread-a")!;
    assert.equal(a.modelId, "claude-sonnet-4-5");
    assert.equal(a.providerId, "anthropic");
    assert.equal(a.projectKey, "/work/b", "the folder given first");
    assert.equal(a.ts, Date.parse("2026-12-01T10:00:00Z"));
    const b = records.find((r) => r.sessionId === "thread-b")!;
    assert.equal(b.modelId, "gpt-5");
    assert.equal(b.projectKey, "");
    assert.ok(records.every((r) => r.platformId === "zed" && r.confidence === "host-reported"));
  } finally {
    done();
  }
});

test("Zed's data folder: XDG_DATA_HOME, Flatpak, macOS and Windows", () => {
  const at = (os: string, env: Record<string, string> = {}) =>
    zedThreadsDb({ home: "/h", env, os });
  assert.equal(at("linux"), "/h/.local/share/zed/threads/threads.db");
  assert.equal(at("linux", { XDG_DATA_HOME: "/x" }), "/x/zed/threads/threads.db");
  assert.equal(
    at("linux", { XDG_DATA_HOME: "/x", FLATPAK_XDG_DATA_HOME: "/f" }),
    "/f/zed/threads/threads.db",
  );
  assert.equal(at("darwin"), "/h/Library/Application Support/Zed/threads/threads.db");
  assert.equal(
    zedThreadsDb({ home: "C:\\Users\\u", env: { LOCALAPPDATA: "C:\\L" }, os: "win32" }),
    "C:\\L\\Zed\\threads\\threads.db",
  );
  assert.equal(zedProject("/a\n/b", "0,1"), "/a");
  assert.equal(zedProject("/a\n/b", "1,0"), "/b");
  assert.equal(zedProject("/a\n/b", "torn"), "/a");
});

test("a damaged thread is reported once and the others still count", async () => {
  const { dir, done } = tempCopy("zed/home");
  try {
    const path = join(dir, DB);
    await alter(path, INSERT, [
      "bad",
      "Bad",
      "2026-12-03T00:00:00Z",
      "zstd",
      new Uint8Array([1, 2, 3]),
    ]);
    const { records, problems } = await scan(dir);
    assert.equal(records.length, 3);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /1 thread\(s\) could not be decoded/);
  } finally {
    done();
  }
});

test("a thread saved again replaces its total, and a new one is read through the cache", async () => {
  const { dir, done } = tempCopy("zed/home");
  try {
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    const path = join(dir, DB);
    const first = await scan(dir, env, true);
    assert.equal(first.records.length, 3);
    const again = await scan(dir, env, true);
    assert.equal(again.stats.bytesRead, 0, "unchanged: nothing read");
    // Zed rewrites a thread's row on every save (`ON CONFLICT(id) DO UPDATE`): the
    // running total grows, the thread is still one record.
    const grown = JSON.stringify({
      title: "Thread B",
      messages: [],
      updated_at: "2026-12-04T00:00:00Z",
      cumulative_token_usage: { input_tokens: 25, output_tokens: 9 },
      model: { provider: "openai", model: "gpt-5" },
      version: "0.3.0",
    });
    await alter(path, "UPDATE threads SET data = ?, updated_at = ? WHERE id = 'thread-b'", [
      new TextEncoder().encode(grown),
      "2026-12-04T00:00:00Z",
    ]);
    await alter(path, INSERT, [
      "thread-e",
      "E",
      "2026-12-04T01:00:00Z",
      "json",
      new TextEncoder().encode(JSON.stringify({
        title: "E",
        messages: [],
        updated_at: "2026-12-04T01:00:00Z",
        cumulative_token_usage: { input_tokens: 1, output_tokens: 2 },
        version: "0.3.0",
      })),
    ]);
    const after = await scan(dir, env, true);
    assert.equal(after.records.length, 4);
    assert.deepEqual(buckets(after.records), [1200 + 25 + 7 + 1, 5000, 400, 300 + 9 + 3 + 2]);
  } finally {
    done();
  }
});
