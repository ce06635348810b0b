/**
 * The opt-in `count_tokens` calibration (spec §5) through the real `serve`:
 * server-everything behind it, a Claude Code session in front, and the
 * real-host lab's mock model server standing in for Anthropic's API
 * (`ANTHROPIC_BASE_URL`, which serve honours as Anthropic's clients do).
 * With all three yeses (the connector's `telemetry.calibration`,
 * `AGENT_CONNECTOR_CALIBRATE=anthropic`, `ANTHROPIC_API_KEY`) rows are scaled
 * by the learned ratio and labeled `tokenizer-calibrated`; without any one of
 * them nothing is sent at all; a failing, rate-limiting or slow endpoint
 * leaves the rows approximate and serve answering. No row, file or log line
 * holds the key. Nothing asserts a timing: waits are bounded polls.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { cliCommand } from "../_helpers/cli_process.ts";
import { serverEverythingCommand } from "../_helpers/mcp_peers.ts";
import { writeTestRecord } from "../_helpers/connector_record.ts";
import { type RawSession, startRaw } from "./_raw_client.ts";
import { type CountTokensScript, type MockModel, startMockModel } from "../lab/mock_model.ts";
import { openNdjsonStore } from "../../telemetry/store_ndjson.ts";
import type { TelemetryRow } from "../../telemetry/rows.ts";

const KEY = "sk-ant-test-DO-NOT-LEAK-7f3a9c";
const ID = "cal";
/** The ratio the mock's counts make: Anthropic's tokens are twice ours. */
const RATIO = 2;
/** Tokens the mock adds to every count (the message framing). */
const FRAMING = 9;
/** An echo message well above the sampler's 200-character floor. */
const MESSAGE = "The quick brown fox jumps over the lazy dog while calibration is measured. "
  .repeat(6);

const count = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

let dir: string;
let server: string[];
let mock: MockModel;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "ac-serve-cal-"));
  server = serverEverythingCommand();
  mock = await startMockModel();
});
after(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The mock's answer: the framing plus {@link RATIO} times our count of the message's text. */
const scaled: CountTokensScript = {
  inputTokens: (body) => {
    const content = (body.messages as Array<{ content: string }>)[0].content;
    return FRAMING + (content === "x" ? 1 : RATIO * count(content));
  },
};

/** This process's env without any Anthropic or calibration setting, plus `extra`. */
function env(data: string, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(ANTHROPIC_|AGENT_CONNECTOR_CALIBRATE)/.test(k)) out[k] = v;
  }
  // HOME stays real: Deno keeps its npm cache there (the worker imports the tokenizer).
  return { ...out, AGENT_CONNECTOR_DATA_DIR: data, ...extra };
}

/** Everything calibration needs from the user, pointed at the mock. */
const optedIn = () => ({
  AGENT_CONNECTOR_CALIBRATE: "anthropic",
  ANTHROPIC_API_KEY: KEY,
  ANTHROPIC_BASE_URL: mock.url,
});

/** A session through serve (Claude Code's unless `host` says): initialize and list tools. */
async function open(
  data: string,
  extra: Record<string, string>,
  host: [id: string, client: string] = ["claude-code", "claude-code"],
): Promise<RawSession> {
  const s = startRaw(
    cliCommand(["serve", "--connector", ID, "--host", host[0], "--", ...server]),
    env(data, extra),
  );
  await s.request(0, "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: host[1], version: "1.0.0" },
  });
  s.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await s.request(1, "tools/list");
  return s;
}

let nextId = 10;
/** Calls echo and checks the answer came through unchanged. */
async function echo(s: RawSession): Promise<void> {
  const answer = await s.request(nextId++, "tools/call", {
    name: "echo",
    arguments: { message: MESSAGE },
  });
  const content = (answer.result as { content: Array<{ text: string }> }).content;
  assert.equal(content[0].text, `Echo: ${MESSAGE}`);
}

/** Our o200k counts of one echo call: its arguments and its answer's text. */
function echoApprox(): [number, number] {
  return [count(JSON.stringify({ message: MESSAGE })), count(`Echo: ${MESSAGE}`)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rows(data: string): TelemetryRow[] {
  return [...openNdjsonStore(join(data, "telemetry")).rows()];
}

/** Ends the session and waits for serve to exit cleanly. */
async function close(s: RawSession): Promise<void> {
  s.child.stdin.end();
  const { code, signal } = await s.exited;
  assert.deepEqual({ code, signal }, { code: 0, signal: null }, s.stderr());
}

function countRequests(): number {
  return mock.requests.filter((r) => r.route === "count_tokens").length;
}

/** Calls echo until the mock saw `n` count requests (a bounded poll). */
async function callUntilRequests(s: RawSession, n: number): Promise<void> {
  for (let i = 0; i < 100 && countRequests() < n; i++) {
    await echo(s);
    await sleep(100);
  }
  assert.ok(countRequests() >= n, `the mock saw ${countRequests()} count requests, not ${n}`);
}

/**
 * Calls echo until the tokenizer has counted one (its row is no longer the
 * provisional estimate), then gives a sample offered then time to reach the
 * mock (a first request starts the worker's HTTP client, slow on a loaded
 * machine): a session with calibration on has sent one by then, one
 * without must not have.
 */
async function callUntilCounted(s: RawSession, data: string): Promise<void> {
  const counted = () =>
    rows(data).some((r) => r.toolName === "echo" && r.confidenceSource !== "heuristic");
  for (let i = 0; i < 100 && !counted(); i++) {
    await echo(s);
    await sleep(100);
  }
  assert.ok(counted(), "no echo row was counted by the tokenizer");
  await echo(s);
  await sleep(2_000);
}

/** Every file under `root`, read as text. */
function allFiles(root: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...allFiles(path));
    else out.push(readFileSync(path, "utf8"));
  }
  return out;
}

/** Every echo row has our own counts, labeled `label` (approximate by default). */
function assertUncalibrated(data: string, label = "tokenizer-approx"): void {
  const echoes = rows(data).filter((r) => r.toolName === "echo");
  assert.ok(echoes.length > 0);
  for (const row of echoes) {
    assert.equal(row.confidenceSource, label);
    assert.deepEqual([row.inputTokens, row.outputTokens], echoApprox());
  }
}

describe("serve's count_tokens calibration", () => {
  test("with every yes, Claude rows are scaled by the learned ratio and labeled calibrated", async () => {
    mock.clear();
    mock.setScript({ countTokens: scaled });
    const data = join(dir, "happy");
    writeTestRecord(data, ID, { calibration: { anthropicCountTokens: true } });
    const s = await open(data, optedIn());
    // Calls until a finished echo row comes out calibrated (the ratio is
    // learned beside the counting, so the first rows may still be approximate).
    const calibrated = () =>
      rows(data).filter((r) => r.toolName === "echo" && r.confidenceSource !== "heuristic")
        .some((r) => r.confidenceSource === "tokenizer-calibrated");
    // The tokenizer's thread runs at a lowered priority: on a loaded machine
    // the answer may take a while, so the wait is by time, not by count.
    for (const until = Date.now() + 60_000; Date.now() < until && !calibrated();) {
      await echo(s);
      await sleep(100);
    }
    await close(s);
    const [input, output] = echoApprox();
    const echoes = rows(data).filter((r) => r.toolName === "echo");
    const byLabel = (label: string) => echoes.filter((r) => r.confidenceSource === label);
    assert.ok(byLabel("tokenizer-calibrated").length > 0, JSON.stringify(echoes));
    for (const row of byLabel("tokenizer-calibrated")) {
      assert.deepEqual([row.inputTokens, row.outputTokens], [RATIO * input, RATIO * output]);
    }
    // Rows finished before the ratio came keep our counts, labeled as such.
    for (const row of byLabel("tokenizer-approx")) {
      assert.deepEqual([row.inputTokens, row.outputTokens], [input, output]);
    }
    // What was sent: the framing probe, then one sample, with the key only in its header.
    const sent = mock.requests.filter((r) => r.route === "count_tokens");
    assert.equal(sent[0].url, "/v1/messages/count_tokens");
    assert.equal((sent[0].body?.messages as Array<{ content: string }>)[0].content, "x");
    assert.ok(sent.length >= 2 && sent.every((r) => !r.text.includes(KEY)));
    // No secret in any row, stored file or log line.
    for (const text of [...allFiles(data), s.stderr()]) assert.ok(!text.includes(KEY));
  });

  test("without the connector's opt-in, the user's switch or the key, or outside a Claude session, nothing is sent", async () => {
    mock.setScript({ countTokens: scaled });
    const { ANTHROPIC_API_KEY: _, ...noKey } = optedIn();
    const codex: [string, string] = ["codex", "codex-mcp-client"];
    const cases: Array<[string, boolean, Record<string, string>, [string, string]?]> = [
      // The control: the same session with every yes does send.
      ["control", true, optedIn()],
      ["no-config", false, optedIn()],
      ["no-switch", true, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url }],
      ["no-key", true, noKey],
      // Every yes, but an OpenAI-family session: its counts are exact already.
      ["codex", true, optedIn(), codex],
    ];
    for (const [name, configured, extra, host] of cases) {
      mock.clear();
      const data = join(dir, name);
      writeTestRecord(data, ID, { calibration: { anthropicCountTokens: configured } });
      const s = await open(data, extra, host);
      await callUntilCounted(s, data);
      // The control's sample goes out beside the counting: on a busy machine it may
      // still be on its way, so it gets the time the happy path gets.
      const sent = () => mock.requests.some((r) => r.route === "count_tokens");
      for (
        const until = Date.now() + 60_000;
        name === "control" && Date.now() < until && !sent();
      ) {
        await echo(s);
        await sleep(100);
      }
      await close(s);
      const routes = mock.requests.map((r) => r.route);
      if (name === "control") assert.ok(routes.includes("count_tokens"), name);
      else {
        assert.deepEqual(routes, [], name);
        assertUncalibrated(data, host ? "tokenizer-exact" : "tokenizer-approx");
      }
    }
  });

  for (
    const [name, script] of [
      ["an error", { status: 500 }],
      ["a rate limit", { status: 429 }],
    ] as const
  ) {
    test(`${name} from count_tokens leaves the rows approximate and serve answering`, async () => {
      mock.clear();
      mock.setScript({ countTokens: script });
      const data = join(dir, `status-${script.status}`);
      writeTestRecord(data, ID, { calibration: { anthropicCountTokens: true } });
      const s = await open(data, optedIn());
      await callUntilRequests(s, 1);
      // The failed probe was the only request: the next waits out the interval.
      for (let i = 0; i < 3; i++) await echo(s);
      await close(s);
      assert.equal(countRequests(), 1);
      assertUncalibrated(data);
    });
  }

  test("a count_tokens that does not answer leaves the rows approximate and serve exits", async () => {
    mock.clear();
    mock.setScript({ countTokens: { ...scaled, delayMs: 6_000 } });
    const data = join(dir, "slow");
    writeTestRecord(data, ID, { calibration: { anthropicCountTokens: true } });
    const s = await open(data, optedIn());
    await callUntilRequests(s, 1);
    for (let i = 0; i < 3; i++) await echo(s);
    // The request is still waiting for its answer: serve ends without it.
    await close(s);
    assertUncalibrated(data);
  });
});
