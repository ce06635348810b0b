import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

/** Crush's `sessions` table, as its migrations create it. */
const SCHEMA = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT NOT NULL,
  message_count INTEGER NOT NULL DEFAULT 0, prompt_tokens INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0, cost REAL NOT NULL DEFAULT 0.0,
  updated_at INTEGER NOT NULL, created_at INTEGER NOT NULL, summary_message_id TEXT
);
CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL,
  parts TEXT NOT NULL DEFAULT '[]', model TEXT, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, finished_at INTEGER, provider TEXT);`;

const INSERT = "INSERT INTO sessions (id, parent_session_id, title, message_count, " +
  "prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

const cost = (records: { costUsd?: number }[]) =>
  Math.round(records.reduce((n, r) => n + (r.costUsd ?? 0), 0) * 1e6) / 1e6;

test("Crush stores listed in its registry give one cost-only record per root session", async () => {
  const { dir, done } = tempCopy();
  try {
    const app = join(dir, "src", "app");
    const lib = join(dir, "src", "lib");
    await writeDatabase(join(app, ".crush", "crush.db"), SCHEMA, [
      [INSERT, ["root-1", null, "Fix tests", 7, 900, 80, 12.5, 1767225700, 1767225600]],
      // A sub-agent's cost is already in its parent's.
      [INSERT, ["child-1", "root-1", "Task", 3, 100, 10, 99, 1767225650, 1767225610]],
      [INSERT, ["empty", null, "New session", 0, 0, 0, 0, 1767225800, 1767225800]],
    ]);
    await writeDatabase(join(lib, "data", "crush.db"), SCHEMA, [
      [INSERT, ["root-2", null, "Docs", 2, 10, 5, 0.25, 1767312000, 1767312000]],
    ]);
    const registry = join(dir, ".local", "share", "crush", "projects.json");
    mkdirSync(join(registry, ".."), { recursive: true });
    writeFileSync(
      registry,
      JSON.stringify(
        {
          projects: [
            { path: app, data_dir: join(app, ".crush"), last_accessed: "2026-01-01T00:00:00Z" },
            { path: lib, data_dir: "data", last_accessed: "2026-01-02T00:00:00Z" },
            { path: join(dir, "gone"), data_dir: join(dir, "gone", ".crush") },
          ],
        },
        null,
        2,
      ),
    );
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["crush"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.equal(cost(records), 12.75);
    assert.deepEqual(buckets(records), [0, 0, 0, 0]);
    const root = records.find((r) => r.sessionId === "root-1")!;
    assert.equal(root.projectKey, app);
    assert.equal(root.ts, 1767225600000);
    assert.equal(root.confidence, "host-estimated");
  } finally {
    done();
  }
});

test("CRUSH_GLOBAL_DATA moves the registry; a corrupt registry is reported", async () => {
  const { dir, done } = tempCopy();
  try {
    mkdirSync(join(dir, "g"), { recursive: true });
    writeFileSync(join(dir, "g", "projects.json"), '{"projects": [');
    const { records, problems } = await scanUsage({
      machine: hostAt(dir, { CRUSH_GLOBAL_DATA: join(dir, "g") }),
      platforms: ["crush"],
      cache: false,
    });
    assert.deepEqual(records, []);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, join(dir, "g", "projects.json"));
    assert.match(problems[0].message, /not valid JSON/);
  } finally {
    done();
  }
});
