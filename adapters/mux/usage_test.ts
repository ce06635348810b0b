import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";

const part = (tokens: number, cost_usd?: number) =>
  cost_usd === undefined ? { tokens } : { tokens, cost_usd };

/** A session-usage.json as Mux writes it (sessionUsageService.ts SessionUsageFile). */
function usageFile(byModel: Record<string, unknown>, timestamp = 1767261600000) {
  return JSON.stringify(
    { version: 1, byModel, lastRequest: { model: Object.keys(byModel)[0], timestamp } },
    null,
    2,
  );
}

test("each Mux workspace counts once per model, cached and reasoning split out", async () => {
  const { dir, done } = tempCopy();
  try {
    const ws = join(dir, ".xum", "sessions", "app-feature-x");
    mkdirSync(ws, { recursive: true });
    writeFileSync(
      join(ws, "session-usage.json"),
      usageFile({
        "anthropic:claude-sonnet-4-5": {
          input: part(1000, 0.003),
          cached: part(5000, 0.0015),
          cacheCreate: part(200, 0.00075),
          output: part(300, 0.0045),
          reasoning: part(50, 0.00075),
        },
        "openai:gpt-5.1": {
          input: part(10),
          cached: part(0),
          cacheCreate: part(0),
          output: part(5),
          reasoning: part(0),
          hasUnknownCosts: true,
        },
      }),
    );
    writeFileSync(join(ws, "chat.jsonl"), '{"role":"user"}\n');
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["mux"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [1010, 5000, 200, 355]);
    assert.equal(sum(records).reasoning, 50);
    const claude = records.find((r) => r.modelId === "claude-sonnet-4-5")!;
    assert.equal(claude.sessionId, "app-feature-x");
    assert.equal(claude.ts, 1767261600000);
  } finally {
    done();
  }
});

test("the legacy ~/.mux home and XUM_ROOT are read too", async () => {
  const { dir, done } = tempCopy();
  try {
    for (const home of [".mux", "custom"]) {
      const ws = join(dir, home, "sessions", `ws-${home}`);
      mkdirSync(ws, { recursive: true });
      writeFileSync(
        join(ws, "session-usage.json"),
        usageFile({
          "anthropic:claude-haiku-4-5": {
            input: part(7),
            cached: part(0),
            cacheCreate: part(0),
            output: part(3),
            reasoning: part(0),
          },
        }),
      );
    }
    const legacy = await scanUsage({ machine: hostAt(dir), platforms: ["mux"], cache: false });
    assert.deepEqual(legacy.records.map((r) => r.sessionId), ["ws-.mux"]);
    const custom = await scanUsage({
      machine: hostAt(dir, { XUM_ROOT: join(dir, "custom") }),
      platforms: ["mux"],
      cache: false,
    });
    assert.deepEqual(custom.records.map((r) => r.sessionId), ["ws-custom"]);
  } finally {
    done();
  }
});
