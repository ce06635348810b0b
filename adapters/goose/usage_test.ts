import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";
import { gooseDataDir } from "./home.ts";

/** Goose's `sessions` table as its session manager creates it. */
export const GOOSE_SCHEMA = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
  session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL,
  created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  extension_data TEXT DEFAULT '{}', total_tokens INTEGER, input_tokens INTEGER,
  output_tokens INTEGER, accumulated_total_tokens INTEGER, accumulated_input_tokens INTEGER,
  accumulated_output_tokens INTEGER, schedule_id TEXT, recipe_json TEXT,
  user_recipe_values_json TEXT, provider_name TEXT, model_config_json TEXT
);
CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content_json TEXT);`;

const INSERT = "INSERT INTO sessions (id, working_dir, created_at, total_tokens, input_tokens, " +
  "output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, " +
  "provider_name, model_config_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

const goose = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["goose"], cache });

test("Goose sessions count once each from their running totals, reasoning in output", async () => {
  const { dir, done } = tempCopy();
  try {
    await writeDatabase(join(dir, ".local/share/goose/sessions/sessions.db"), GOOSE_SCHEMA, [
      // Accumulated totals win over the last turn's; 30 tokens above in + out are reasoning.
      [INSERT, [
        "20260101_1",
        "/home/me/app",
        "2026-01-01 08:00:00",
        90,
        80,
        10,
        1180,
        1000,
        150,
        "anthropic",
        '{"model_name":"claude-sonnet-4-5","temperature":null}',
      ]],
      // An older Goose kept only per-turn columns.
      [INSERT, [
        "20260102_1",
        "/home/me/lib",
        "2026-01-02 08:00:00",
        70,
        50,
        20,
        null,
        null,
        null,
        "openai",
        '{"model_name":"gpt-5"}',
      ]],
      // Opened and left: nothing to count.
      [INSERT, ["20260103_1", "/home/me", "2026-01-03 08:00:00", 0, 0, 0, 0, 0, 0, null, null]],
    ]);
    const { records, problems } = await goose(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [1050, 0, 0, 200]);
    assert.equal(sum(records).reasoning, 30);
    const first = records.find((r) => r.sessionId === "20260101_1")!;
    assert.equal(first.modelId, "claude-sonnet-4-5");
    assert.equal(first.providerId, "anthropic");
    assert.equal(first.projectKey, "/home/me/app");
    assert.equal(first.ts, Date.parse("2026-01-01T08:00:00Z"));
    assert.equal(first.confidence, "host-reported");
  } finally {
    done();
  }
});

test("GOOSE_PATH_ROOT moves the store, and the WAL's committed sessions are read", async () => {
  const { dir, done } = tempCopy();
  try {
    const store = join(dir, "root", "data", "sessions");
    mkdirSync(store, { recursive: true });
    for (const f of ["sessions.db", "sessions.db-wal"]) {
      copyFileSync(usageFixture(`goose-wal/${f}`), join(store, f));
    }
    const before = readFileSync(join(store, "sessions.db-wal"));
    const { records, problems } = await goose("/nonexistent", {
      GOOSE_PATH_ROOT: join(dir, "root"),
    });
    assert.deepEqual(problems, []);
    // The checkpointed file alone says 1000 in / 100 out; the WAL grew it and added a session.
    assert.deepEqual(buckets(records), [2050, 0, 0, 210]);
    assert.deepEqual(records.map((r) => r.modelId).sort(), ["claude-sonnet-4-5", "gpt-5"]);
    assert.deepEqual(readFileSync(join(store, "sessions.db-wal")), before);
  } finally {
    done();
  }
});

test("a re-scan reads the store again when only its WAL changed", async () => {
  const { dir, done } = tempCopy();
  try {
    const store = join(dir, ".local/share/goose/sessions");
    mkdirSync(store, { recursive: true });
    copyFileSync(usageFixture("goose-wal/sessions.db"), join(store, "sessions.db"));
    const first = await goose(dir, {}, true);
    assert.deepEqual(buckets(first.records), [1000, 0, 0, 100]);
    // Goose commits to the WAL; the main file keeps its size and mtime.
    copyFileSync(usageFixture("goose-wal/sessions.db-wal"), join(store, "sessions.db-wal"));
    const second = await goose(dir, {}, true);
    assert.deepEqual(buckets(second.records), [2050, 0, 0, 210]);
  } finally {
    done();
  }
});

test("a truncated store is reported once and the scan goes on", async () => {
  const { dir, done } = tempCopy();
  try {
    const path = join(dir, ".local/share/goose/sessions/sessions.db");
    await writeDatabase(path, GOOSE_SCHEMA, [
      [INSERT, ["s", "/p", "2026-01-01 08:00:00", 3, 2, 1, 3, 2, 1, null, null]],
    ]);
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, 4096 + 512)); // page 1 and part of page 2
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["goose", "claude-code"],
      cache: false,
    });
    assert.deepEqual(records, []);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].platform, "goose");
    assert.equal(problems[0].path, path);
    assert.match(problems[0].message, /truncated/);
  } finally {
    done();
  }
});

test("a stale WAL beside a store that is not in WAL mode is ignored, as SQLite does", async () => {
  const { dir, done } = tempCopy();
  try {
    const store = join(dir, ".local/share/goose/sessions");
    await writeDatabase(join(store, "sessions.db"), GOOSE_SCHEMA, [
      [INSERT, ["s", "/p", "2026-01-01 08:00:00", 3, 2, 1, 3, 2, 1, null, null]],
    ]);
    copyFileSync(usageFixture("goose-wal/sessions.db-wal"), join(store, "sessions.db-wal"));
    const { records, problems } = await goose(dir);
    assert.deepEqual(problems, []);
    assert.deepEqual(buckets(records), [2, 0, 0, 1]);
  } finally {
    done();
  }
});

test("a sessions.db of another shape is reported once as an unknown version", async () => {
  const { dir, done } = tempCopy();
  try {
    await writeDatabase(
      join(dir, ".local/share/goose/sessions/sessions.db"),
      "CREATE TABLE conversations (id TEXT PRIMARY KEY, body TEXT);",
    );
    const { records, problems } = await goose(dir);
    assert.deepEqual(records, []);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /no Goose sessions table/);
  } finally {
    done();
  }
});

test("a relative GOOSE_PATH_ROOT is ignored, as Goose ignores it (config/paths.rs)", () => {
  const ctx = {
    home: "/h",
    env: { GOOSE_PATH_ROOT: "rel/root" },
    os: "linux" as const,
    projectDir: "/p",
  };
  assert.deepEqual(gooseDataDir.all(ctx), [
    "/h/.local/share/goose",
    "/h/.local/share/Block/goose",
  ]);
  assert.deepEqual(gooseDataDir.all({ ...ctx, env: { GOOSE_PATH_ROOT: "/g" } }), ["/g/data"]);
});
