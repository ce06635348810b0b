import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const openhands = (home: string, env: Record<string, string> = {}) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["openhands"], cache: false });

const usage = (response: string, prompt: number, out: number, read = 0, write = 0) => ({
  model: "litellm_proxy/anthropic/claude-sonnet-4-5",
  prompt_tokens: prompt,
  completion_tokens: out,
  cache_read_tokens: read,
  cache_write_tokens: write,
  reasoning_tokens: 0,
  context_window: 200000,
  per_turn_token: prompt + out,
  response_id: response,
});

/** A conversation folder as the SDK persists it (state.py, persistence_const.py). */
function conversation(root: string, id: string, metrics: object, events: object[]): string {
  const folder = join(root, id);
  mkdirSync(join(folder, "events"), { recursive: true });
  writeFileSync(
    join(folder, "base_state.json"),
    JSON.stringify({
      id: "3fdb3160-98bb-48e1-aa02-9ce56805792a",
      workspace: { kind: "LocalWorkspace", working_dir: "/home/me/app" },
      stats: { usage_to_metrics: metrics },
    }),
  );
  events.forEach((event, i) => {
    const name = `event-${String(i).padStart(5, "0")}-0f0e0d0c-${i}.json`;
    writeFileSync(join(folder, "events", name), JSON.stringify(event));
  });
  return folder;
}

test("OpenHands calls are read per response, timed by the events that name them", async () => {
  const { dir, done } = tempCopy();
  try {
    const root = join(dir, ".openhands", "conversations");
    const folder = conversation(root, "3fdb316098bb48e1aa029ce56805792a", {
      agent: {
        model_name: "litellm_proxy/anthropic/claude-sonnet-4-5",
        token_usages: [
          // 1234 prompt with 789 read from the cache inside it.
          usage("resp-1", 1234, 56, 789),
          // Cached parts larger than the prompt: reported beside it (ACP).
          usage("resp-2", 100, 67, 890, 10),
        ],
      },
      condenser: { token_usages: [usage("resp-3", 500, 20)] },
    }, [
      { kind: "SystemPromptEvent", source: "agent", timestamp: "2026-12-07T10:00:00.000000" },
      {
        kind: "ActionEvent",
        source: "agent",
        timestamp: "2026-12-07T10:00:05.250000",
        llm_response_id: "resp-1",
      },
      {
        kind: "ActionEvent",
        source: "agent",
        timestamp: "2026-12-07T10:00:06.000000",
        llm_response_id: "resp-1",
      },
      {
        kind: "MessageEvent",
        source: "agent",
        timestamp: "2026-12-07T10:01:00.000000",
        llm_response_id: "resp-2",
      },
    ]);
    writeFileSync(join(folder, "events", "notes.txt"), "not an event");
    const mtime = new Date("2026-12-08T12:00:00Z");
    utimesSync(join(folder, "base_state.json"), mtime, mtime);
    const { records, problems } = await openhands(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), [(1234 - 789) + 100 + 500, 789 + 890, 10, 56 + 67 + 20]);
    const first = records.find((r) => r.tokens.output === 56)!;
    // Naive event times are local time, as Python's datetime.now() wrote them.
    assert.equal(first.ts, new Date(2026, 11, 7, 10, 0, 5, 250).getTime());
    assert.equal(first.sessionId, "3fdb3160-98bb-48e1-aa02-9ce56805792a");
    assert.equal(first.projectKey, "/home/me/app");
    assert.equal(first.modelId, "claude-sonnet-4-5");
    assert.equal(first.confidence, "host-reported");
    assert.equal(
      records.find((r) => r.tokens.output === 67)!.ts,
      new Date(2026, 11, 7, 10, 1).getTime(),
    );
    // The condenser's call is named by no event: it takes the last known call time.
    assert.equal(
      records.find((r) => r.tokens.output === 20)!.ts,
      new Date(2026, 11, 7, 10, 1).getTime(),
    );
  } finally {
    done();
  }
});

test("a conversation with no timed event falls back to the file's time; the env moves the folder", async () => {
  const { dir, done } = tempCopy();
  try {
    const root = join(dir, "elsewhere");
    const folder = conversation(root, "c2", { agent: { token_usages: [usage("r", 10, 2)] } }, []);
    const mtime = new Date("2026-12-08T12:00:00Z");
    utimesSync(join(folder, "base_state.json"), mtime, mtime);
    writeFileSync(join(root, "stray.json"), "{}");
    const { records, problems } = await openhands("/nonexistent", {
      OPENHANDS_CONVERSATIONS_DIR: root,
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(buckets(records), [10, 0, 0, 2]);
    assert.equal(records[0].ts, mtime.getTime());
  } finally {
    done();
  }
});

test("OPENHANDS_PERSISTENCE_DIR moves the conversations; a half-written state is reported", async () => {
  const { dir, done } = tempCopy();
  try {
    const root = join(dir, "p", "conversations");
    conversation(root, "c3", { agent: { token_usages: [usage("r", 7, 1)] } }, []);
    mkdirSync(join(root, "c4"));
    writeFileSync(join(root, "c4", "base_state.json"), '{"stats": {"usage_to');
    const { records, problems } = await openhands("/nonexistent", {
      OPENHANDS_PERSISTENCE_DIR: join(dir, "p"),
    });
    assert.deepEqual(buckets(records), [7, 0, 0, 1]);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /not valid JSON/);
  } finally {
    done();
  }
});
