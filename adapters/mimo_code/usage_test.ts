import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

/** MiMoCode's `message` table: opencode's, with `agent_id` (src/session/session.sql.ts). */
const SCHEMA = `
CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL,
  agent_id TEXT NOT NULL DEFAULT 'main', time_created INTEGER NOT NULL,
  time_updated INTEGER NOT NULL, data TEXT NOT NULL);`;
const INSERT = "INSERT INTO message VALUES (?, ?, ?, ?, ?, ?)";

function assistant(input: number, output: number, read: number): string {
  return JSON.stringify({
    role: "assistant",
    modelID: "mimo-v2.5",
    providerID: "xiaomi",
    path: { cwd: "/home/me/app", root: "/home/me/app" },
    tokens: { input, output, reasoning: 0, cache: { read, write: 0 } },
    time: { created: 1767225600000, completed: 1767225601000 },
  });
}

test("MiMoCode's mimocode.db counts each assistant message once", async () => {
  const { dir, done } = tempCopy();
  try {
    await writeDatabase(join(dir, ".local", "share", "mimocode", "mimocode.db"), SCHEMA, [
      [INSERT, ["msg_1", "ses_1", "main", 1, 1, assistant(445, 56, 789)]],
      [INSERT, ["msg_2", "ses_1", "main", 2, 2, JSON.stringify({ role: "user" })]],
      [INSERT, ["msg_3", "ses_1", "explore", 3, 3, assistant(10, 2, 0)]],
    ]);
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["mimo-code"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [455, 789, 0, 58]);
    assert.ok(
      records.every((r) => r.platformId === "mimo-code" && r.projectKey === "/home/me/app"),
    );
  } finally {
    done();
  }
});

test("MIMOCODE_HOME and MIMOCODE_DB move the store; :memory: keeps none", async () => {
  const { dir, done } = tempCopy();
  try {
    const home = join(dir, "mh");
    await writeDatabase(join(home, "data", "other.db"), SCHEMA, [
      [INSERT, ["m", "s", "main", 1, 1, assistant(5, 1, 0)]],
    ]);
    const scan = (env: Record<string, string>) =>
      scanUsage({ machine: hostAt("/nonexistent", env), platforms: ["mimo-code"], cache: false });
    const moved = await scan({ MIMOCODE_HOME: home, MIMOCODE_DB: "other.db" });
    assert.equal(moved.records.length, 1);
    const absolute = await scan({ MIMOCODE_DB: join(home, "data", "other.db") });
    assert.equal(absolute.records.length, 1);
    assert.equal((await scan({ MIMOCODE_HOME: home })).records.length, 0, "no mimocode.db there");
    assert.equal((await scan({ MIMOCODE_DB: ":memory:" })).records.length, 0);
  } finally {
    done();
  }
});
