import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const lines = (items: object[]) => items.map((l) => JSON.stringify(l)).join("\n") + "\n";

function transcript(session: string, entries: [string, string, number[], number?][]) {
  return lines([
    {
      type: "session",
      version: 3,
      id: session,
      timestamp: "2026-02-01T00:00:00.000Z",
      cwd: "/home/me/bot",
    },
    {
      type: "model_change",
      id: "e0",
      timestamp: "2026-02-01T00:00:00.100Z",
      provider: "anthropic",
      modelId: "claude-opus-4-6",
    },
    ...entries.map(([id, ts, [input, output, read, write], cost]) => ({
      type: "message",
      id,
      parentId: null,
      timestamp: ts,
      message: {
        role: "assistant",
        content: [],
        api: "anthropic-messages",
        provider: "anthropic",
        model: "claude-opus-4-6",
        usage: {
          input,
          output,
          cacheRead: read,
          cacheWrite: write,
          totalTokens: input + output + read + write,
          cost: { total: cost ?? 0 },
        },
        stopReason: "stop",
      },
    })),
  ]);
}

test("OpenClaw transcripts, reset and deleted ones included, count each entry once", async () => {
  const { dir, done } = tempCopy();
  try {
    const sessions = join(dir, ".openclaw", "agents", "main", "sessions");
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, "ba79d7cd.jsonl"),
      transcript("ba79d7cd", [["a1", "2026-02-01T00:00:01.000Z", [10, 5, 100, 20], 0.25]]),
    );
    writeFileSync(
      join(sessions, "ba79d7cd.jsonl.reset.2026-02-01T06-34-44.520Z"),
      transcript("ba79d7cd", [["r1", "2026-01-31T00:00:01.000Z", [7, 3, 0, 0]]]),
    );
    writeFileSync(
      join(sessions, "0e43a180.jsonl.deleted.1769900000000"),
      transcript("0e43a180", [["d1", "2026-01-30T00:00:01.000Z", [1, 1, 0, 0]]]),
    );
    writeFileSync(join(sessions, "sessions.json"), '{"agent:main:main":{"sessionId":"ba79d7cd"}}');
    // A legacy home under an earlier name.
    const old = join(dir, ".clawdbot", "agents", "main", "sessions");
    mkdirSync(old, { recursive: true });
    writeFileSync(
      join(old, "c1.jsonl"),
      transcript("c1", [["x1", "2025-12-01T00:00:00Z", [2, 2, 0, 0]]]),
    );
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["openclaw"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 4);
    assert.deepEqual(buckets(records), [20, 100, 20, 11]);
    const a1 = records.find((r) => r.tokens.cacheRead === 100)!;
    assert.equal(a1.costUsd, 0.25);
    assert.equal(a1.sessionId, "ba79d7cd");
    assert.equal(a1.projectKey, "/home/me/bot");
    assert.equal(a1.modelId, "claude-opus-4-6");
    assert.ok(records.every((r) => r.platformId === "openclaw"));
  } finally {
    done();
  }
});

test("OPENCLAW_STATE_DIR moves the state folder", async () => {
  const { dir, done } = tempCopy();
  try {
    const sessions = join(dir, "state", "agents", "work", "sessions");
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, "s.jsonl"),
      transcript("s", [["e", "2026-02-01T00:00:01Z", [3, 1, 0, 0]]]),
    );
    const { records } = await scanUsage({
      machine: hostAt("/nonexistent", { OPENCLAW_STATE_DIR: join(dir, "state") }),
      platforms: ["openclaw"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [3, 0, 0, 1]);
  } finally {
    done();
  }
});

/** An OpenClaw 2026.9 agent store: `transcript_events` rows holding pi lines, one zstd-packed. */
async function agentStore(path: string, rows: Array<[string, number, string]>): Promise<void> {
  const init = (await import("sql.js")).default as unknown as () => Promise<{
    Database: new () => {
      run(sql: string, params?: unknown[]): void;
      export(): Uint8Array;
      close(): void;
    };
  }>;
  const { zstdCompressSync } = await import("node:zlib") as unknown as {
    zstdCompressSync(b: Uint8Array): Uint8Array;
  };
  const SQL = await init();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT, created_at INTEGER NOT NULL, event_zstd BLOB, event_utf8_bytes INTEGER, navigation_json TEXT)",
  );
  for (const [session, seq, line] of rows) {
    // Rows past a size are stored compressed (measured: a 12.9 kB tool result).
    const packed = line.length > 700;
    db.run("INSERT INTO transcript_events VALUES (?, ?, ?, 0, ?, ?, ?)", [
      session,
      seq,
      packed ? null : line,
      packed ? zstdCompressSync(new TextEncoder().encode(line)) : null,
      line.length,
      packed ? "{}" : null,
    ]);
  }
  writeFileSync(path, db.export());
  db.close();
}

test("OpenClaw 2026.9's SQLite agent store counts each assistant message once, compressed rows too", async () => {
  const { dir, done } = tempCopy();
  try {
    const store = join(dir, ".openclaw", "agents", "main", "agent");
    mkdirSync(store, { recursive: true });
    const lines = (session: string, entries: Parameters<typeof transcript>[1]) =>
      transcript(session, entries).trim().split("\n");
    const s1 = lines("s1", [["a1", "2026-02-01T00:00:01.000Z", [10, 5, 100, 0]]]);
    // A long reply: past the size OpenClaw compresses at.
    const long = JSON.parse(
      lines("s2", [["b1", "2026-02-01T00:00:02.000Z", [20, 6, 200, 0]]])[2],
    );
    long.message.content = [{ type: "text", text: "x".repeat(1000) }];
    const s2 = [...lines("s2", []), JSON.stringify(long)];
    await agentStore(join(store, "openclaw-agent.sqlite"), [
      ...s1.map((l, i) => ["s1", i, l] as [string, number, string]),
      ...s2.map((l, i) => ["s2", i, l] as [string, number, string]),
    ]);
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["openclaw"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(buckets(records), [30, 300, 0, 11]);
    assert.deepEqual(records.map((r) => r.sessionId).sort(), ["s1", "s2"]);
    assert.ok(records.every((r) => r.projectKey === "/home/me/bot"));
  } finally {
    done();
  }
});
