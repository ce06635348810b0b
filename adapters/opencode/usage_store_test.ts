import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";

// OpenCode keeps its store in WAL mode: these cover what sits in opencode.db-wal,
// and the dedup and bad-input rules across the store and the legacy JSON files.

const scan = (dir: string, cache = false) =>
  scanUsage({
    machine: hostAt(dir, { OPENCODE_DATA_DIR: dir }),
    platforms: ["opencode"],
    cache,
  });

function store(dir: string, withWal = true): void {
  for (const f of withWal ? ["opencode.db", "opencode.db-wal"] : ["opencode.db"]) {
    copyFileSync(usageFixture(`opencode-wal/${f}`), join(dir, f));
  }
}

/** msg_1 (checkpointed), msg_3 and the unfinished msg_4 (both still in the WAL). */
const ALL = [480 + 10 + 7, 79488 + 1000, 200, 2494 + 5 + 1];

test("messages still in OpenCode's WAL are counted, and the store's files are left as they were", async () => {
  const { dir, done } = tempCopy();
  try {
    store(dir);
    const before = [
      readFileSync(join(dir, "opencode.db")),
      readFileSync(join(dir, "opencode.db-wal")),
    ];
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), ALL);
    const cost = records.reduce((n, r) => n + (r.costUsd ?? 0), 0);
    assert.ok(Math.abs(cost - 0.52104008) < 1e-9);
    assert.ok(records.every((r) => r.sessionId === "ses_1" && r.projectKey === "/home/me/app"));
    assert.deepEqual(readFileSync(join(dir, "opencode.db")), before[0]);
    assert.deepEqual(readFileSync(join(dir, "opencode.db-wal")), before[1]);
  } finally {
    done();
  }
});

test("a message both in the store and in the legacy JSON storage counts once", async () => {
  const { dir, done } = tempCopy();
  try {
    store(dir);
    const legacy = join(dir, "storage", "message", "ses_1");
    mkdirSync(legacy, { recursive: true });
    writeFileSync(
      join(legacy, "msg_3.json"),
      JSON.stringify({
        id: "msg_3",
        sessionID: "ses_1",
        role: "assistant",
        modelID: "claude-sonnet-4-5",
        providerID: "anthropic",
        path: { cwd: "/home/me/app", root: "/home/me/app" },
        cost: 0.5,
        tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 1000, write: 200 } },
        time: { created: 1767225603000, completed: 1767225604000 },
      }),
    );
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), ALL);
  } finally {
    done();
  }
});

test("a legacy JSON message cut off mid-write is reported once and the rest still count", async () => {
  const { dir, done } = tempCopy();
  try {
    store(dir);
    const legacy = join(dir, "storage", "message", "ses_0");
    mkdirSync(legacy, { recursive: true });
    writeFileSync(
      join(legacy, "msg_0.json"),
      '{"id":"msg_0","role":"assistant","tokens":{"input":5',
    );
    const { records, problems } = await scan(dir);
    assert.deepEqual(buckets(records), ALL);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, join(legacy, "msg_0.json"));
    assert.equal(problems[0].count, 1);
  } finally {
    done();
  }
});

test("a re-scan sees messages OpenCode committed to the WAL since the last scan", async () => {
  const { dir, done } = tempCopy();
  try {
    store(dir, false);
    const first = await scan(dir, true);
    assert.deepEqual(buckets(first.records), [480, 79488, 0, 2494]);
    copyFileSync(usageFixture("opencode-wal/opencode.db-wal"), join(dir, "opencode.db-wal"));
    const second = await scan(dir, true);
    assert.deepEqual(buckets(second.records), ALL);
  } finally {
    done();
  }
});
