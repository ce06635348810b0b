/**
 * Hosts stop their MCP servers quickly once a headless turn ends, each in
 * its own way (measured with a server that logs the signals it gets:
 * notes/recipes/real-hosts.md "Running headless: approvals and shutdown").
 * Each test drives a real stdio server (server-everything) through `serve`,
 * makes tool calls, then plays one host's signal sequence on `serve`, and
 * checks that every completed call has its row in `telemetry report --json`.
 * The pauses only imitate the hosts; nothing asserts a timing.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { cliCommand } from "../_helpers/cli_process.ts";
import { serverEverythingCommand } from "../_helpers/mcp_peers.ts";
import { type RawSession, startRaw } from "./_raw_client.ts";

let dir: string;
let server: string[];

before(() => {
  dir = mkdtempSync(join(tmpdir(), "ac-serve-stop-"));
  server = serverEverythingCommand();
});
after(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function env(data: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  // HOME stays real: Deno keeps its npm cache there (the worker imports the tokenizer).
  return { ...out, AGENT_CONNECTOR_DATA_DIR: data };
}

/** The calls each session makes, in order (all answered by server-everything). */
const CALLS: Array<[string, Record<string, unknown>]> = [
  ["get-sum", { a: 2, b: 40 }],
  ["echo", { message: "déjà vu — 日本語 😀" }],
  ["get-sum", { a: 1, b: 1 }],
];

/** Starts serve around server-everything for `host`, initializes and makes {@link CALLS}. */
async function session(host: string, data: string): Promise<RawSession> {
  const s = startRaw(
    cliCommand(["serve", "--connector", "stop", "--host", host, "--", ...server]),
    env(data),
  );
  await s.request(0, "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: `${host}-test`, version: "1" },
  });
  s.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await s.request(1, "tools/list");
  for (const [i, [name, args]] of CALLS.entries()) {
    const answer = await s.request(2 + i, "tools/call", { name, arguments: args });
    assert.ok(answer.result, `${name}: ${JSON.stringify(answer)}`);
  }
  return s;
}

function signal(s: RawSession, name: NodeJS.Signals): void {
  try {
    // process.kill, not child.kill: Deno's ChildProcess ignores a second kill().
    process.kill(s.child.pid!, name);
  } catch { /* already gone */ }
}

/** Calls per tool in `telemetry report --json`. */
function reportedCalls(data: string): Record<string, number> {
  const [cmd, ...args] = cliCommand(["telemetry", "report", "--json", "--connector", "stop"]);
  const run = spawnSync(cmd, args, { env: env(data), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const out: Record<string, number> = {};
  for (
    const row of JSON.parse(run.stdout).rows as Array<{ key: { toolName: string }; count: number }>
  ) {
    out[row.key.toolName] = (out[row.key.toolName] ?? 0) + row.count;
  }
  return out;
}

const EXPECTED = { "tools/list": 1, "get-sum": 2, echo: 1 };

/** Runs a session for `host`, stops serve the host's way, and checks the report. */
async function stoppedBy(host: string, stop: (s: RawSession) => Promise<void>): Promise<void> {
  const data = join(dir, host);
  const s = await session(host, data);
  await stop(s);
  await s.exited;
  assert.deepEqual(reportedCalls(data), EXPECTED, s.stderr());
}

describe("serve keeps every completed call's row when the host stops it", () => {
  test("Claude Code: SIGINT ~60 ms after the call, SIGTERM 100 ms later, SIGKILL 500 ms after SIGINT", () =>
    stoppedBy("claude-code", async (s) => {
      await sleep(60);
      signal(s, "SIGINT");
      await sleep(100);
      signal(s, "SIGTERM");
      await sleep(400);
      signal(s, "SIGKILL");
    }));

  test("Codex: stdin closed and SIGTERM at once, gone 5 ms later", () =>
    stoppedBy("codex", async (s) => {
      await sleep(60);
      s.child.stdin.end();
      signal(s, "SIGTERM");
      await sleep(5);
      signal(s, "SIGKILL");
    }));

  test("Copilot CLI: SIGTERM ~60 ms after the call, then SIGKILL at once", () =>
    stoppedBy("copilot-cli", async (s) => {
      await sleep(60);
      signal(s, "SIGTERM");
      signal(s, "SIGKILL");
    }));
});
