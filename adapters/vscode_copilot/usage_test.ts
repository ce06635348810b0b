import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const SESSION = join(
  ".config/Code/User/workspaceStorage/4f2c9a1b7e/GitHub.copilot-chat/debug-logs/0b7e2c1a-sess",
);
const scan = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["vscode-copilot"], cache });

const line = (spanId: string, input: number, output: number) =>
  JSON.stringify({
    ts: 1764583300000,
    dur: 100,
    sid: "0b7e2c1a-sess",
    type: "llm_request",
    name: "chat:gpt-4.1",
    spanId,
    status: "ok",
    attrs: { model: "gpt-4.1", inputTokens: input, outputTokens: output },
  }) + "\n";

test("each llm_request of the debug logs counts once, in VS Code and Insiders", async () => {
  // tests/fixtures/usage/vscode-copilot/README.md: two requests and a failed one without
  // counts in main.jsonl, the title request in its child log, one request in Insiders.
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 4);
    assert.deepEqual(buckets(records), [1200 + 1500 + 90 + 300, 0, 0, 80 + 40 + 6 + 20]);
    const first = records.find((r) => r.tokens.input === 1200)!;
    assert.equal(first.sessionId, "0b7e2c1a-sess");
    assert.equal(first.projectKey, "/work/vsproj");
    assert.equal(first.modelId, "gpt-4.1");
    assert.equal(first.ts, 1764583200100);
    const title = records.find((r) => r.modelId === "gpt-4o-mini")!;
    assert.equal(title.sessionId, "7c1d-title");
    assert.equal(title.projectKey, "/work/vsproj");
    const insiders = records.find((r) => r.modelId === "claude-sonnet-4")!;
    assert.equal(insiders.projectKey, "/work/multi.code-workspace");
    assert.ok(records.every((r) => r.platformId === "vscode-copilot"));
  } finally {
    done();
  }
});

test("a span logged twice counts once; a torn line is reported and skipped", async () => {
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const file = join(dir, SESSION, "main.jsonl");
    const again = readFileSync(file, "utf8").split("\n")[1] + "\n";
    appendFileSync(file, again + '{"ts":1,"type":"llm_request","spanId":"x"\n');
    const { records, problems } = await scan(dir);
    assert.equal(records.length, 4);
    assert.equal(problems.length, 1);
    assert.match(problems[0].path ?? "", /main\.jsonl$/);
  } finally {
    done();
  }
});

test("a log that grows is read from where the last scan stopped", async () => {
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    const first = await scan(dir, env, true);
    assert.equal(first.records.length, 4);
    const file = join(dir, SESSION, "main.jsonl");
    const more = line("a1b2c3d4e5f60009", 7, 3);
    appendFileSync(file, more);
    const grown = await scan(dir, env, true);
    assert.equal(grown.stats.bytesRead, more.length, "only the appended line was read");
    assert.equal(grown.records.length, 5);
    assert.deepEqual(buckets(grown.records), [3090 + 7, 0, 0, 146 + 3]);
  } finally {
    done();
  }
});

test("another extension's .jsonl in a workspace storage is not a source", async () => {
  const { dir, done } = tempCopy();
  try {
    const other = join(dir, ".config/Code/User/workspaceStorage/77/other.ext/debug-logs/s");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "main.jsonl"), line("a1", 1, 1));
    const { records, stats } = await scan(dir);
    assert.equal(records.length, 0);
    assert.equal(stats.sources, 0);
  } finally {
    done();
  }
});
