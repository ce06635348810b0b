import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";

const claude = (home: string, env: Record<string, string> = {}) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["claude-code"], cache: false });

test("agent-kit's Claude Code home counts each request once with its largest streamed line", async () => {
  const { records, problems } = await claude(usageFixture("agent-kit/home"));
  assert.deepEqual(problems, []);
  // req-1 (largest of 3 lines), req-old, msg-gw, req-2 (1h-only write), req-side, req-h (subagent).
  assert.equal(records.length, 6);
  assert.deepEqual(buckets(records), [1023, 100, 2108, 1024]);
  const t = sum(records);
  assert.equal(t.cacheWrite1h, 3 + 2103);
  assert.equal(t.reasoning, 4);
  const req1 = records.find((r) => r.ts === Date.parse("2026-01-01T00:00:02.000Z"))!;
  assert.deepEqual(
    [req1.tokens.input, req1.tokens.cacheRead, req1.tokens.cacheWrite, req1.tokens.output],
    [10, 100, 5, 20],
  );
  assert.ok(!records.some((r) => r.modelId === "<synthetic>"));
  // No line logs a cwd: the project is the folder name decoded.
  assert.ok(records.every((r) => r.sessionId === "s-usage" && r.projectKey === "/u/me/work"));
});

test("in agent-kit's window only the 2026 requests remain, matching ccusage's observed split", async () => {
  const { records } = await scanUsage({
    machine: hostAt(usageFixture("agent-kit/home")),
    platforms: ["claude-code"],
    cache: false,
    since: Date.parse("2026-01-01T00:00:00Z"),
  });
  const test = records.filter((r) => r.modelId === "claude-test");
  assert.deepEqual(buckets(test), [17, 100, 2108, 23]);
  assert.deepEqual(buckets(records.filter((r) => r.modelId === "gateway-model")), [7, 0, 0, 2]);
});

test("ccusage's fixture through CLAUDE_CONFIG_DIR gives its observed totals and host costs", async () => {
  const { records } = await claude("/nonexistent", {
    CLAUDE_CONFIG_DIR: usageFixture("ccusage/claude"),
  });
  assert.equal(records.length, 5);
  assert.deepEqual(buckets(records), [730, 110, 90, 310]);
  const cost = records.reduce((n, r) => n + (r.costUsd ?? 0), 0);
  assert.equal(Math.round(cost * 100), 109);
  assert.ok(records.some((r) => r.modelId === "claude-opus-4-20250514-fast"));
  assert.deepEqual(
    [...new Set(records.map((r) => r.sessionId))].sort(),
    ["session-alpha", "session-beta"],
  );
});

test("tokscale's top-level token shape is not Claude Code's and counts nothing", async () => {
  const { records, problems } = await claude(usageFixture("tokscale"));
  assert.deepEqual(records, []);
  assert.deepEqual(problems, []);
});

test("lines without any id each count, as in ccusage's statusline transcript", async () => {
  const { dir, done } = tempCopy();
  try {
    const projects = join(dir, ".claude", "projects", "p");
    mkdirSync(projects, { recursive: true });
    writeFileSync(
      join(projects, "t.jsonl"),
      readFileSync(usageFixture("ccusage/test-transcript.jsonl"), "utf8"),
    );
    const { records } = await claude(dir);
    assert.deepEqual(buckets(records), [3000, 1300, 300, 150]);
  } finally {
    done();
  }
});

test("CLAUDE_CONFIG_DIR takes a comma list of config dirs or projects dirs, and dedups across them", async () => {
  const { dir, done } = tempCopy();
  try {
    const line = (id: string, out: number) =>
      JSON.stringify({
        type: "assistant",
        sessionId: "s",
        timestamp: "2026-01-01T00:00:00Z",
        requestId: `r-${id}`,
        message: { id, model: "m", usage: { input_tokens: 1, output_tokens: out } },
      }) + "\n";
    mkdirSync(join(dir, "a", "projects", "p"), { recursive: true });
    mkdirSync(join(dir, "b", "p"), { recursive: true });
    writeFileSync(join(dir, "a", "projects", "p", "s.jsonl"), line("m1", 5) + line("m2", 1));
    writeFileSync(join(dir, "b", "p", "s.jsonl"), line("m1", 5) + line("m3", 2));
    const { records } = await claude("/nonexistent", {
      CLAUDE_CONFIG_DIR: `${join(dir, "a")}, ${join(dir, "b")}`,
    });
    assert.deepEqual(records.map((r) => r.tokens.output).sort(), [1, 2, 5]);
  } finally {
    done();
  }
});

test("the XDG config dir is read beside ~/.claude", async () => {
  const { dir, done } = tempCopy();
  try {
    const p = join(dir, "xdg", "claude", "projects", "p");
    mkdirSync(p, { recursive: true });
    writeFileSync(
      join(p, "s.jsonl"),
      '{"type":"assistant","message":{"id":"x","usage":{"input_tokens":4,"output_tokens":4}}}\n',
    );
    const { records } = await claude(dir, { XDG_CONFIG_HOME: join(dir, "xdg") });
    assert.deepEqual(buckets(records), [4, 0, 0, 4]);
  } finally {
    done();
  }
});

test("a sidechain replay of a message under another requestId counts once, for the main chain", async () => {
  const { dir, done } = tempCopy();
  try {
    const p = join(dir, ".claude", "projects", "p");
    mkdirSync(p, { recursive: true });
    const usage = { input_tokens: 10, output_tokens: 3 };
    writeFileSync(
      join(p, "s.jsonl"),
      [
        {
          type: "assistant",
          isSidechain: true,
          sessionId: "side",
          requestId: "r2",
          message: { id: "m", usage },
        },
        { type: "assistant", sessionId: "main", requestId: "r1", message: { id: "m", usage } },
      ].map((l) => JSON.stringify(l)).join("\n"),
    );
    const { records } = await claude(dir);
    assert.equal(records.length, 1);
    assert.equal(records[0].sessionId, "main");
  } finally {
    done();
  }
});

test("the project is the cwd the file's lines log, kept for lines appended without one", async () => {
  const { dir, done } = tempCopy();
  try {
    const p = join(dir, ".claude", "projects", "-u-me-my-app");
    mkdirSync(p, { recursive: true });
    const file = join(p, "s.jsonl");
    const line = (id: string, cwd?: string) =>
      JSON.stringify({
        type: "assistant",
        timestamp: "2026-01-01T00:00:00Z",
        ...(cwd ? { cwd } : {}),
        message: { id, usage: { input_tokens: 1, output_tokens: 1 } },
      }) + "\n";
    writeFileSync(file, line("a") + line("b", "/u/me/my-app/"));
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    const scan = () =>
      scanUsage({ machine: hostAt(dir, env), platforms: ["claude-code"], cache: true });
    const first = await scan();
    assert.deepEqual(first.records.map((r) => r.projectKey), ["/u/me/my-app", "/u/me/my-app"]);
    appendFileSync(file, line("c"));
    const again = await scan();
    assert.equal(again.stats.bytesRead, line("c").length, "only the appended line was read");
    assert.deepEqual([...new Set(again.records.map((r) => r.projectKey))], ["/u/me/my-app"]);
  } finally {
    done();
  }
});
