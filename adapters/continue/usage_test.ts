import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";
import { continueMessageTokens } from "./usage.ts";

const SESSION = "09be2642-6020-4a75-b75d-aa6f1d71d7a8";
const scan = (home: string, env: Record<string, string> = {}) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["continue"], cache: false });

test("the real cn 1.5.47 session counts per message, not from its wrong session total", async () => {
  // Recorded from cn 1.5.47 against a mock that returned 1234 in (789 cached) / 56 out
  // (7 reasoning), then 2345 in (890 cached) / 67 out; the session's own total says
  // cachedTokens: 0 (tests/fixtures/usage/continue/README.md).
  const { dir, done } = tempCopy("continue/cn-1.5.47");
  try {
    const file = join(dir, ".continue", "sessions", `${SESSION}.json`);
    const doc = JSON.parse(readFileSync(file, "utf8"));
    assert.equal(doc.usage.promptTokensDetails.cachedTokens, 0, "the fixture keeps cn's bug");
    const mtime = new Date("2026-12-07T18:20:41Z");
    utimesSync(file, mtime, mtime);
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    // Disjoint buckets: input without the cached part.
    assert.deepEqual(buckets(records), [1234 - 789 + 2345 - 890, 789 + 890, 0, 56 + 67]);
    assert.equal(sum(records).reasoning, 7);
    for (const r of records) {
      assert.equal(r.platformId, "continue");
      assert.equal(r.sessionId, SESSION);
      assert.equal(r.projectKey, "/tmp/cnproj");
      assert.equal(r.modelId, "mock-model");
      assert.equal(r.confidence, "host-reported");
      assert.equal(r.ts, mtime.getTime());
    }
  } finally {
    done();
  }
});

test("CONTINUE_GLOBAL_DIR moves the sessions, and the index file is not a session", async () => {
  const { dir, done } = tempCopy("continue/cn-1.5.47");
  try {
    const moved = join(dir, "elsewhere");
    mkdirSync(join(moved, "sessions"), { recursive: true });
    const text = readFileSync(join(dir, ".continue", "sessions", `${SESSION}.json`), "utf8");
    writeFileSync(join(moved, "sessions", `${SESSION}.json`), text);
    writeFileSync(join(moved, "sessions", "sessions.json"), '[{"usage":1}]');
    // Relative to the working folder, as core/util/paths.ts resolves it.
    const { records, problems } = await scan(dir, { CONTINUE_GLOBAL_DIR: "elsewhere" });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
  } finally {
    done();
  }
});

test("the Anthropic conversions' uncached prompt and the IDE's spelling are read right", () => {
  // packages/openai-adapters/src/apis/Anthropic.ts: prompt_tokens is Anthropic's input_tokens.
  assert.deepEqual(
    continueMessageTokens({
      prompt_tokens: 12,
      completion_tokens: 300,
      prompt_tokens_details: {
        cached_tokens: 4000,
        cache_read_tokens: 4000,
        cache_write_tokens: 900,
      },
    }),
    { input: 12, cacheRead: 4000, cacheWrite: 900, cacheWrite1h: 0, output: 300, reasoning: 0 },
  );
  // core/index.d.ts Usage, as core/llm/llms/Anthropic.ts fills it.
  assert.deepEqual(
    continueMessageTokens({
      promptTokens: 12,
      completionTokens: 300,
      promptTokensDetails: { cachedTokens: 4000, cacheWriteTokens: 900 },
      completionTokensDetails: { reasoningTokens: 40 },
    }),
    { input: 12, cacheRead: 4000, cacheWrite: 900, cacheWrite1h: 0, output: 300, reasoning: 40 },
  );
  // An OpenAI-style Usage with only the cached part: prompt includes it.
  assert.deepEqual(
    continueMessageTokens({
      promptTokens: 100,
      completionTokens: 5,
      promptTokensDetails: { cachedTokens: 60 },
    }),
    { input: 40, cacheRead: 60, cacheWrite: 0, cacheWrite1h: 0, output: 5, reasoning: 0 },
  );
  assert.equal(continueMessageTokens({ model: "m" }), undefined);
});
