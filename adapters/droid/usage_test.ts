import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";
import { droidModelId } from "./usage.ts";

function settings(model: string, lock: string | undefined, usage: Record<string, number>) {
  return JSON.stringify(
    {
      assistantActiveTimeMs: 48211,
      model,
      reasoningEffort: "medium",
      autonomyMode: "auto-low",
      providerLock: "anthropic",
      ...(lock ? { providerLockTimestamp: lock } : {}),
      tokenUsage: usage,
    },
    null,
    2,
  );
}

test("each Droid session counts once from its running totals, thinking as output", async () => {
  const { dir, done } = tempCopy();
  try {
    const project = join(dir, ".factory", "sessions", "-home-me-app");
    mkdirSync(join(project, "archive"), { recursive: true });
    writeFileSync(
      join(project, "a1.settings.json"),
      settings("custom:Claude-Opus-4.5-Thinking-[Anthropic]", "2026-01-03T10:00:00.000Z", {
        inputTokens: 100,
        outputTokens: 50,
        cacheCreationTokens: 20,
        cacheReadTokens: 10,
        thinkingTokens: 5,
      }),
    );
    // An older snapshot of the same session: the larger, later total counts.
    writeFileSync(
      join(project, "archive", "a1.settings.json"),
      settings("claude-opus-4-5", "2026-01-03T10:00:00.000Z", {
        inputTokens: 60,
        outputTokens: 30,
      }),
    );
    writeFileSync(join(project, "a1.jsonl"), '{"type":"message"}\n');
    const noLock = join(project, "b2.settings.json");
    writeFileSync(
      noLock,
      settings("gpt-5.1-codex", undefined, { inputTokens: 7, outputTokens: 3 }),
    );
    utimesSync(noLock, new Date("2026-01-04T00:00:00Z"), new Date("2026-01-04T00:00:00Z"));
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["droid"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [107, 10, 20, 58]);
    assert.equal(sum(records).reasoning, 5);
    const a1 = records.find((r) => r.sessionId === "a1")!;
    assert.equal(a1.modelId, "claude-opus-4-5-thinking");
    assert.equal(a1.projectKey, "-home-me-app");
    assert.equal(a1.ts, Date.parse("2026-01-03T10:00:00Z"));
    // No start time logged: the file's mtime stands in.
    assert.equal(records.find((r) => r.sessionId === "b2")!.ts, Date.parse("2026-01-04T00:00:00Z"));
  } finally {
    done();
  }
});

test("DROID_SESSIONS_DIR replaces ~/.factory/sessions", async () => {
  const { dir, done } = tempCopy();
  try {
    mkdirSync(join(dir, "s"), { recursive: true });
    writeFileSync(
      join(dir, "s", "c3.settings.json"),
      settings("gpt-5", "2026-01-05T00:00:00Z", { totalTokens: 456 }),
    );
    const { records } = await scanUsage({
      machine: hostAt("/nonexistent", { DROID_SESSIONS_DIR: join(dir, "s") }),
      platforms: ["droid"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [0, 0, 0, 456]);
  } finally {
    done();
  }
});

test("Droid display names become model ids", () => {
  assert.equal(droidModelId("Claude-Sonnet-4-[Anthropic]"), "claude-sonnet-4");
  assert.equal(droidModelId("custom:GLM 4.6 [Z.AI]-0"), "glm-4.6-0");
  assert.equal(droidModelId("gpt-5.1-codex"), "gpt-5.1-codex");
  assert.equal(droidModelId("[x]"), undefined);
});
