import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

/** The `message` table of OpenCode's store, which Kilo CLI shares. */
const SCHEMA = `
CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, directory TEXT NOT NULL,
  title TEXT NOT NULL, version TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,
  time_updated INTEGER NOT NULL, data TEXT NOT NULL);`;

function assistant(tokens: number[], cost: number, created: number) {
  const [input, output, reasoning, read, write] = tokens;
  return JSON.stringify({
    role: "assistant",
    modelID: "kilo/anthropic/claude-sonnet-4.5",
    providerID: "kilo",
    mode: "code",
    path: { cwd: "/home/me/app", root: "/home/me/app" },
    cost,
    tokens: { input, output, reasoning, cache: { read, write } },
    time: { created, completed: created + 1000 },
  });
}

test("Kilo CLI's kilo.db and legacy JSON messages count once per message id", async () => {
  const { dir, done } = tempCopy();
  try {
    const root = join(dir, ".local", "share", "kilo");
    const insert = "INSERT INTO message VALUES (?, ?, ?, ?, ?)";
    await writeDatabase(join(root, "kilo.db"), SCHEMA, [
      [insert, [
        "msg_1",
        "ses_1",
        1767225600000,
        1767225601000,
        assistant([480, 464, 2030, 79488, 0], 0.021, 1767225600000),
      ]],
      [insert, ["msg_2", "ses_1", 1767225602000, 1767225602000, JSON.stringify({ role: "user" })]],
      [insert, [
        "msg_3",
        "ses_1",
        1767225603000,
        1767225604000,
        assistant([10, 0, 0, 0, 20], 0, 1767225603000),
      ]],
    ]);
    // The same msg_3 left in the legacy JSON storage by an older version: one request.
    const legacy = join(root, "storage", "message", "ses_1");
    mkdirSync(legacy, { recursive: true });
    writeFileSync(
      join(legacy, "msg_3.json"),
      JSON.stringify({
        id: "msg_3",
        sessionID: "ses_1",
        ...JSON.parse(assistant([10, 0, 0, 0, 20], 0, 1767225603000)),
      }),
    );
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["kilo-cli"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [490, 79488, 20, 2494]);
    assert.equal(sum(records).reasoning, 2030);
    assert.ok(records.every((r) => r.platformId === "kilo-cli" && r.projectKey === "/home/me/app"));
  } finally {
    done();
  }
});

test("KILO_DATA_DIR replaces the data folder", async () => {
  const { dir, done } = tempCopy();
  try {
    await writeDatabase(join(dir, "k", "kilo.db"), SCHEMA, [
      ["INSERT INTO message VALUES (?, ?, ?, ?, ?)", [
        "m",
        "s",
        1,
        1,
        assistant([5, 1, 0, 0, 0], 0, 1767225600000),
      ]],
    ]);
    const { records } = await scanUsage({
      machine: hostAt("/nonexistent", { KILO_DATA_DIR: join(dir, "k") }),
      platforms: ["kilo-cli"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [5, 0, 0, 1]);
  } finally {
    done();
  }
});
