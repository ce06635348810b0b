import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const amp = (home: string, env: Record<string, string> = {}) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["amp"], cache: false });

/** A thread as Amp writes it: messages, and the ledger of its model calls. */
const ledgerThread = {
  v: 42,
  id: "T-0b8f3f9e-1111-4c1e-9d9a-3a7f6c2b0001",
  created: 1768822900000,
  title: "Refactor the parser",
  messages: [
    { role: "user", messageId: 0, content: [{ type: "text", text: "usage please" }] },
    {
      role: "assistant",
      messageId: 1,
      content: [{ type: "text", text: "Done." }],
      state: { type: "complete", stopReason: "end_turn" },
      usage: {
        model: "claude-sonnet-4-5-20250929",
        maxInputTokens: 168000,
        inputTokens: 10,
        outputTokens: 178,
        cacheCreationInputTokens: 986,
        cacheReadInputTokens: 11372,
        totalInputTokens: 12368,
        timestamp: "2026-01-19T11:42:10.652Z",
      },
    },
    {
      role: "assistant",
      messageId: 3,
      usage: {
        model: "claude-sonnet-4-5-20250929",
        inputTokens: 5,
        outputTokens: 42,
        cacheCreationInputTokens: 0,
        cacheReadInputTokens: 12000,
        timestamp: "2026-01-19T11:43:00.000Z",
      },
    },
  ],
  usageLedger: {
    events: [
      {
        id: "ev-1",
        timestamp: "2026-01-19T11:42:10.700Z",
        model: "claude-sonnet-4-5-20250929",
        credits: 1.5,
        tokens: { input: 10, output: 178 },
        operationType: "inference",
        fromMessageId: 0,
        toMessageId: 1,
      },
      {
        id: "ev-2",
        timestamp: "2026-01-19T11:43:00.100Z",
        model: "claude-sonnet-4-5-20250929",
        credits: 0.5,
        tokens: { input: 5, output: 42 },
        operationType: "inference",
        fromMessageId: 2,
        toMessageId: 3,
      },
      // A title generation: its own small model, no message.
      {
        id: "ev-3",
        timestamp: "2026-01-19T11:42:11Z",
        model: "claude-haiku-4-5",
        tokens: { total: 345 },
      },
    ],
  },
};

/** An older thread: usage only on the messages. */
const messageThread = {
  id: "T-0b8f3f9e-2222-4c1e-9d9a-3a7f6c2b0002",
  messages: [
    { role: "user", content: "hi" },
    {
      role: "assistant",
      messageId: 1,
      usage: {
        model: "gpt-5",
        inputTokens: 100,
        outputTokens: 20,
        cacheCreationInputTokens: 0,
        cacheReadInputTokens: 50,
        timestamp: "2026-01-10T00:00:00Z",
      },
    },
  ],
};

test("Amp threads count each ledger event once, with its message's cache, else each message", async () => {
  const { dir, done } = tempCopy();
  try {
    const threads = join(dir, ".local", "share", "amp", "threads");
    mkdirSync(threads, { recursive: true });
    writeFileSync(join(threads, `${ledgerThread.id}.json`), JSON.stringify(ledgerThread, null, 2));
    writeFileSync(join(threads, `${messageThread.id}.json`), JSON.stringify(messageThread));
    const { records, problems } = await amp(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 4);
    // in: 10 + 5 + 100; read: 11372 + 12000 + 50; write: 986; out: 178 + 42 + 345 + 20.
    assert.deepEqual(buckets(records), [115, 23422, 986, 585]);
    const first = records.find((r) => r.ts === Date.parse("2026-01-19T11:42:10.700Z"))!;
    assert.equal(first.sessionId, ledgerThread.id);
    assert.equal(first.modelId, "claude-sonnet-4-5-20250929");
    assert.equal(first.costUsd, undefined);
  } finally {
    done();
  }
});

test("AMP_DATA_DIR replaces the data folder and dedups a thread found twice", async () => {
  const { dir, done } = tempCopy();
  try {
    for (const root of ["a", "b"]) {
      mkdirSync(join(dir, root, "threads"), { recursive: true });
      writeFileSync(
        join(dir, root, "threads", `${messageThread.id}.json`),
        JSON.stringify(messageThread),
      );
    }
    const { records } = await amp("/nonexistent", {
      AMP_DATA_DIR: `${join(dir, "a")},${join(dir, "b")}`,
    });
    assert.deepEqual(buckets(records), [100, 50, 0, 20]);
  } finally {
    done();
  }
});

test("a thread file cut off mid-write is reported once and the others still count", async () => {
  const { dir, done } = tempCopy();
  try {
    const threads = join(dir, "amp", "threads");
    mkdirSync(threads, { recursive: true });
    const whole = JSON.stringify(ledgerThread);
    writeFileSync(join(threads, "T-cut.json"), whole.slice(0, whole.length / 2));
    writeFileSync(join(threads, `${messageThread.id}.json`), JSON.stringify(messageThread));
    const { records, problems } = await amp("/nonexistent", { AMP_DATA_DIR: join(dir, "amp") });
    assert.deepEqual(buckets(records), [100, 50, 0, 20]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, join(threads, "T-cut.json"));
    assert.equal(problems[0].count, 1);
  } finally {
    done();
  }
});
