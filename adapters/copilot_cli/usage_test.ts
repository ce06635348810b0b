import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";

const lines = (items: object[]) => items.map((l) => JSON.stringify(l)).join("\n") + "\n";

const start = {
  type: "session.start",
  data: {
    sessionId: "c0ffee11-2222-4333-8444-555566667777",
    version: 1,
    producer: "copilot-agent",
    copilotVersion: "1.0.54",
    startTime: "2026-05-26T10:00:00Z",
    context: { cwd: "/home/me/app", gitRoot: "/home/me/app", branch: "main" },
  },
  id: "e1",
  timestamp: "2026-05-26T10:00:00.123Z",
  parentId: null,
};

function shutdown(id: string, ts: string, metrics: Record<string, number[]>) {
  const modelMetrics: Record<string, unknown> = {};
  for (const [model, [input, output, read, write, reasoning]] of Object.entries(metrics)) {
    modelMetrics[model] = {
      requests: { count: 3, cost: 1 },
      usage: {
        inputTokens: input,
        outputTokens: output,
        cacheReadTokens: read,
        cacheWriteTokens: write,
        reasoningTokens: reasoning,
      },
    };
  }
  return {
    type: "session.shutdown",
    data: {
      shutdownType: "routine",
      totalPremiumRequests: 3,
      totalApiDurationMs: 12345,
      codeChanges: { linesAdded: 10, linesRemoved: 2, filesModified: ["src/a.ts"] },
      modelMetrics,
      currentModel: Object.keys(metrics)[0],
    },
    id,
    timestamp: ts,
    parentId: "e1",
  };
}

/** Copilot CLI's records under `home`, asserting the scan met no problem. */
async function scanCopilot(home: string) {
  const { records, problems } = await scanUsage({
    machine: hostAt(home),
    platforms: ["copilot-cli"],
    cache: false,
  });
  assert.deepEqual(problems, []);
  return records;
}

/** Writes `text` as the events log of the `start` session under `home`. */
function writeSession(home: string, text: string): void {
  const session = join(home, ".copilot", "session-state", start.data.sessionId);
  mkdirSync(session, { recursive: true });
  writeFileSync(join(session, "events.jsonl"), text);
}

test("Copilot CLI counts each process's shutdown metrics per model, cache out of input", async () => {
  const { dir, done } = tempCopy();
  try {
    writeSession(
      dir,
      lines([
        start,
        {
          type: "user.message",
          data: { content: 'print "session.shutdown"' },
          id: "e2",
          timestamp: "2026-05-26T10:00:01Z",
        },
        shutdown("e3", "2026-05-26T11:00:00Z", {
          "claude-sonnet-4.5": [21583, 1064, 21187, 0, 300],
          "gemini-2.5-pro": [1000, 100, 200, 50, 40],
        }),
        // Resumed later: a new process, its own totals.
        { ...start, id: "e4", timestamp: "2026-05-27T09:00:00Z" },
        shutdown("e5", "2026-05-27T10:00:00Z", { "gpt-5.4": [244120, 2383, 202112, 0, 1000] }),
      ]),
    );
    // An older flat log, without a session.start.
    writeFileSync(
      join(dir, ".copilot", "session-state", "flat-1.jsonl"),
      lines([shutdown("f1", "2026-05-20T00:00:00Z", { "gpt-5": [10, 5, 0, 0, 0] })]),
    );
    const records = await scanCopilot(dir);
    assert.equal(records.length, 4);
    assert.deepEqual(buckets(records), [
      396 + 750 + 42008 + 10,
      21187 + 200 + 202112,
      50,
      1064 + 140 + 2383 + 5,
    ]);
    assert.equal(sum(records).reasoning, 300 + 40 + 1000);
    const claude = records.find((r) => r.modelId === "claude-sonnet-4.5")!;
    assert.equal(claude.sessionId, start.data.sessionId);
    assert.equal(claude.projectKey, "/home/me/app");
    assert.equal(claude.ts, Date.parse("2026-05-26T11:00:00Z"));
    assert.equal(records.find((r) => r.modelId === "gpt-5")!.sessionId, "flat-1");
  } finally {
    done();
  }
});

test("COPILOT_HOME moves the config folder", async () => {
  const { dir, done } = tempCopy();
  try {
    const session = join(dir, "c", "session-state", "s1");
    mkdirSync(session, { recursive: true });
    writeFileSync(
      join(session, "events.jsonl"),
      lines([shutdown("x", "2026-05-20T00:00:00Z", { "gpt-5": [10, 5, 0, 0, 0] })]),
    );
    const { records } = await scanUsage({
      machine: hostAt("/nonexistent", { COPILOT_HOME: join(dir, "c") }),
      platforms: ["copilot-cli"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [10, 0, 0, 5]);
  } finally {
    done();
  }
});

/** A `session.usage_record` as Copilot CLI 1.0.102 writes it (trimmed), for one call. */
function usageRecord(id: string, ts: string, usageId: string, counts: number[]) {
  const [input, output, read, write] = counts;
  return {
    type: "session.usage_record",
    data: {
      usage: {
        model: "mock-model",
        inputTokens: input,
        outputTokens: output,
        cacheReadTokens: read,
        cacheWriteTokens: write,
        cost: 0,
        initiator: "user",
        isByok: true,
        apiCallId: usageId,
        accounting: { sourceSessionId: start.data.sessionId, sequence: 1, usageId },
      },
    },
    id,
    timestamp: ts,
  };
}

test("Copilot CLI 1.0.102: each usage record is one request and replaces its process's shutdown totals", async () => {
  const { dir, done } = tempCopy();
  try {
    writeSession(
      dir,
      lines([
        start,
        usageRecord("u1", "2026-12-07T18:19:52.689Z", "chatcmpl-lab0", [1234, 56, 789, 0]),
        usageRecord("u2", "2026-12-07T18:19:52.812Z", "chatcmpl-lab1", [2345, 67, 890, 0]),
        // The same process's totals: already counted by the two records above.
        shutdown("s1", "2026-12-07T18:19:52.844Z", { "mock-model": [3579, 123, 1679, 0, 0] }),
        // Resumed by a build that writes no records: its shutdown counts.
        { ...start, id: "e9", timestamp: "2026-12-08T09:00:00Z" },
        shutdown("s2", "2026-12-08T10:00:00Z", { "mock-model": [100, 10, 40, 0, 0] }),
        // Resumed again and killed before its shutdown: its record still counts.
        usageRecord("u3", "2026-12-09T09:00:00Z", "chatcmpl-lab2", [3456, 78, 991, 0]),
      ]),
    );
    const records = await scanCopilot(dir);
    assert.equal(records.length, 4);
    assert.deepEqual(buckets(records), [
      (1234 - 789) + (2345 - 890) + (100 - 40) + (3456 - 991),
      789 + 890 + 40 + 991,
      0,
      56 + 67 + 10 + 78,
    ]);
    assert.equal(records[0].sessionId, start.data.sessionId);
    assert.equal(records[0].projectKey, "/home/me/app");
  } finally {
    done();
  }
});
