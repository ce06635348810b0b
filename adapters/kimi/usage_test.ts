import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const lines = (items: object[], eol = "\n") => items.map((l) => JSON.stringify(l)).join(eol) + eol;

const status = (ts: number, id: string | undefined, u: number[]) => ({
  timestamp: ts,
  message: {
    type: "StatusUpdate",
    payload: {
      context_usage: 0.024,
      token_usage: {
        input_other: u[0],
        output: u[1],
        input_cache_read: u[2],
        input_cache_creation: u[3],
      },
      ...(id ? { message_id: id } : {}),
    },
  },
});

const kimi = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["kimi"], cache });

test("Kimi CLI wire logs count each message once at its largest update, with the config's model", async () => {
  const { dir, done } = tempCopy();
  try {
    const share = join(dir, ".kimi");
    const session = join(share, "sessions", "9f3c2a", "0d1e-session");
    mkdirSync(session, { recursive: true });
    writeFileSync(join(share, "config.json"), JSON.stringify({ model: "kimi-k2-turbo" }));
    writeFileSync(
      join(session, "wire.jsonl"),
      lines([
        { type: "metadata", protocol_version: "1.3" },
        { timestamp: 1770983400.0, message: { type: "TurnBegin", payload: { user_input: "hi" } } },
        status(1770983410.5, "chatcmpl-1", [100, 10, 0, 0]),
        {
          timestamp: 1770983411,
          message: { type: "ContentPart", payload: { type: "text", text: "StatusUpdate" } },
        },
        status(1770983420.2509, "chatcmpl-1", [120, 30, 5, 0]), // the same message, updated
        status(1770983430, "chatcmpl-2", [800, 300, 400, 100]),
        status(1770983440, undefined, [30, 3, 0, 0]),
        status(1770983450, "chatcmpl-0", [0, 0, 0, 0]),
      ], "\r\n"),
    );
    writeFileSync(join(session, "context.jsonl"), lines([status(1, "x", [9, 9, 9, 9])]));
    const { records, problems } = await kimi(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), [950, 405, 100, 333]);
    const first = records.find((r) => r.tokens.input === 120)!;
    assert.equal(first.ts, 1770983420250);
    assert.equal(first.modelId, "kimi-k2-turbo");
    assert.equal(first.sessionId, "0d1e-session");
    assert.equal(first.projectKey, "9f3c2a");
  } finally {
    done();
  }
});

test("Kimi Code counts turn usage records once, with the model of the request before them", async () => {
  const { dir, done } = tempCopy();
  try {
    const agent = join(dir, "kc", "sessions", "app-1a2b", "sess-7", "agents", "main");
    mkdirSync(agent, { recursive: true });
    const wire = join(agent, "wire.jsonl");
    writeFileSync(
      wire,
      lines([
        { type: "llm.request", model: "kimi-code/kimi-k2.6", time: 1776700000000 },
        {
          type: "usage.record",
          model: "__kimi_env_model__",
          usageScope: "turn",
          time: 1776700001000,
          usage: { inputOther: 500, output: 100, inputCacheRead: 200, inputCacheCreation: 0 },
        },
        {
          type: "step.end",
          usage: { inputOther: 500, output: 100, inputCacheRead: 200, inputCacheCreation: 0 },
        },
        {
          type: "usage.record",
          usageScope: "session",
          time: 1776700002000,
          usage: { inputOther: 9000, output: 900 },
        },
      ]),
    );
    const env = { KIMI_CODE_HOME: join(dir, "kc"), KIMI_SHARE_DIR: join(dir, "none") };
    const first = await kimi(dir, env, true);
    assert.deepEqual(buckets(first.records), [500, 200, 0, 100]);
    assert.equal(first.records[0].modelId, "kimi-k2.6");
    assert.equal(first.records[0].sessionId, "sess-7");
    assert.equal(first.records[0].projectKey, "app-1a2b");
    // Appended later: read from the cursor, the model carried over in the saved state.
    appendFileSync(
      wire,
      lines([{
        type: "usage.record",
        usageScope: "turn",
        time: 1776700003000,
        usage: { inputOther: 50, output: 5, inputCacheRead: 0, inputCacheCreation: 10 },
      }]),
    );
    const second = await kimi(dir, env, true);
    assert.deepEqual(buckets(second.records), [550, 200, 10, 105]);
    assert.deepEqual(second.records.map((r) => r.modelId), ["kimi-k2.6", "kimi-k2.6"]);
  } finally {
    done();
  }
});
