import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";

const codex = (home: string, env: Record<string, string> = {}, since?: number) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["codex"], cache: false, since });

test("agent-kit's rollouts: deltas of totals, re-emits skipped, resets counted, records once", async () => {
  const { records, problems } = await codex(usageFixture("agent-kit/home"));
  assert.deepEqual(problems, []);
  const totals = records.filter((r) => r.sessionId === "cx-totals");
  assert.deepEqual(
    totals.map((r) => [r.tokens.input + r.tokens.cacheRead, r.tokens.output, r.tokens.cacheRead]),
    [[1000, 50, 200], [1000, 70, 200], [800, 30, 0], [300, 9, 100]],
  );
  assert.deepEqual(
    [
      totals[0].tokens.input,
      totals[0].tokens.cacheRead,
      totals[0].tokens.cacheWrite,
      totals[0].tokens.output,
    ],
    [800, 200, 0, 50],
  );
  assert.equal(totals[3].tokens.reasoning, 4);
  assert.deepEqual(totals.map((r) => r.pricingMultiplier), [2, 2, 2, undefined]);
  assert.ok(totals.every((r) => r.modelId === "gpt-test" && r.projectKey === "/u/me/work"));
  const fork = records.filter((r) => r.sessionId === "cx-fork");
  assert.deepEqual(fork.map((r) => buckets([r])), [[30, 10, 0, 10]]);
  const archived = records.filter((r) => r.sessionId === "cx-archived");
  assert.deepEqual(buckets(archived), [5, 0, 0, 1]);
  assert.deepEqual(buckets(records), [4135, 510, 0, 170]);
});

test("a cumulative baseline from before the window leaves only the advance inside it", async () => {
  const { records } = await codex(
    usageFixture("agent-kit/home"),
    {},
    Date.parse("2026-01-01T00:00:00Z"),
  );
  const edge = records.filter((r) => r.sessionId === "cx-edge");
  assert.equal(sum(edge).input, 500);
});

test("ccusage's Codex fixture gives its observed totals, taking the model from info.model", async () => {
  const { records } = await codex("/nonexistent", { CODEX_HOME: usageFixture("ccusage/codex") });
  assert.deepEqual(buckets(records), [2750, 750, 0, 425]);
  assert.equal(sum(records).reasoning, 275);
  assert.deepEqual(records.map((r) => r.modelId), ["gpt-5.2-codex", "gpt-5.3-codex"]);
});

test("a rollout found in sessions and archived_sessions counts once, and archiving keeps it", async () => {
  const { dir, done } = tempCopy("agent-kit/home/.codex");
  try {
    const name = "rollout-2026-01-01T00-00-00-cx-totals.jsonl";
    const from = join(dir, "sessions", "2026", "01", "01", name);
    const before = buckets((await codex("/x", { CODEX_HOME: dir })).records);
    mkdirSync(join(dir, "archived_sessions"), { recursive: true });
    copyFileSync(from, join(dir, "archived_sessions", name));
    assert.deepEqual(buckets((await codex("/x", { CODEX_HOME: dir })).records), before);
    rmSync(from);
    assert.deepEqual(buckets((await codex("/x", { CODEX_HOME: dir })).records), before);
  } finally {
    done();
  }
});

test("the lines `skip` passes over are lines the decoder ignores", async () => {
  const { reader } = await import("./usage.ts");
  const jsonl = reader.jsonl!;
  const lines = [
    // codex 0.171's own rollout from the real-host lab: `ordinal` after the timestamp.
    ...readFileSync(
      "tests/fixtures/usage/lab_logs/codex/.codex/sessions/2026/12/07/" +
        "rollout-2026-12-07T20-43-51-01a2523f-a024-7a23-b4a3-bfebf95d691e.jsonl",
      "utf8",
    ).split("\n"),
    '{"timestamp":"t","type":"response_item","payload":{"type":"message","usage":{"x":1}}}',
    '{"timestamp":"t","type":"compacted","payload":{"message":"token_count"}}',
    '{"timestamp":"t","type":"event_msg","payload":{"type":"agent_message","info":"token_count"}}',
  ].filter((l) => l.length > 0);
  const matches = (line: string) => {
    jsonl.skip!.lastIndex = 0;
    return jsonl.skip!.test(line);
  };
  // Every kind the decoder reads is never passed over.
  for (
    const kept of [
      '{"timestamp":"t","type":"session_meta","payload":{}}',
      '{"timestamp":"t","ordinal":3,"type":"turn_context","payload":{}}',
      '{"timestamp":"t","type":"token_usage_record","payload":{}}',
      '{"timestamp":"t","type":"event_msg","payload":{"type":"token_count","info":null}}',
      '{"timestamp":"t","type":"event_msg","payload":{"type":"thread_settings_applied"}}',
      '{"timestamp":"t","type":"event_msg","payload":{"info":{},"type":"token_count"}}',
      '{"type":"event_msg","timestamp":"t","payload":{"type":"agent_message"}}',
    ]
  ) assert.equal(matches(kept), false, kept);
  const skipped = lines.filter(matches);
  assert.ok(skipped.length >= 8, `only ${skipped.length} lines matched`);
  // Fed after the real lines, a skipped line neither emits nor changes the state.
  const emitted: unknown[] = [];
  const sink = {
    source: { path: "/x/rollout.jsonl", format: "jsonl" as const },
    emit: (r: unknown) => emitted.push(r),
    problem: () => {},
  };
  const decoder = jsonl.open(sink);
  lines.forEach((l, i) => decoder.line(JSON.parse(l), i));
  const state = JSON.stringify(decoder.save());
  const count = emitted.length;
  skipped.forEach((l, i) => decoder.line(JSON.parse(l), 1000 + i));
  assert.equal(emitted.length, count);
  assert.equal(JSON.stringify(decoder.save()), state);
});
