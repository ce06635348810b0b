/**
 * `serve` is invisible on the wire: a real MCP client (the SDK's) and a real
 * server (server-everything from npm) receive exactly the same bytes through
 * the proxy as when connected directly — server→client requests,
 * notifications, unicode and a 9 MB result included.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cliCommand } from "../_helpers/cli_process.ts";
import { nodeExecutable, serverEverythingCommand } from "../_helpers/mcp_peers.ts";
import { runScenario, type ScenarioResult, UNICODE_TEXT } from "./_scenario.ts";
import { expectedRows } from "./_expected_rows.ts";
import { openNdjsonStore } from "../../telemetry/store_ndjson.ts";
import type { TelemetryRow } from "../../telemetry/rows.ts";

const TAP = fileURLToPath(new URL("../fixtures/serve/tap.mjs", import.meta.url));
let dir: string;
let server: string[];

before(() => {
  dir = mkdtempSync(join(tmpdir(), "ac-serve-"));
  server = serverEverythingCommand();
});
after(() => rmSync(dir, { recursive: true, force: true }));

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  // HOME stays real: Deno keeps its npm cache there (the worker imports the tokenizer).
  out.AGENT_CONNECTOR_DATA_DIR = join(dir, "data");
  return out;
}

/** client → tap(C) → [serve →] tap(S) → server; returns the four recordings. */
async function session(name: string, throughServe: boolean) {
  const client = join(dir, `${name}-client`);
  const srv = join(dir, `${name}-server`);
  const serverSide = [nodeExecutable(), TAP, srv, ...server];
  const middle = throughServe
    ? cliCommand(["serve", "--connector", "e2e", "--host", "claude-code", "--", ...serverSide])
    : serverSide;
  const result = await runScenario([nodeExecutable(), TAP, client, ...middle], env(), {
    // Through serve, wait until every call's row is written (the 9 MB one
    // takes seconds to tokenize) so the rows can be compared exactly.
    beforeClose: throughServe ? () => waitForRows(7) : undefined,
  });
  const read = (p: string) => readFileSync(p);
  return {
    result,
    clientSent: read(`${client}.down`),
    clientReceived: read(`${client}.up`),
    serverReceived: read(`${srv}.down`),
    serverSent: read(`${srv}.up`),
  };
}

function storedRows(): TelemetryRow[] {
  return [...openNdjsonStore(join(dir, "data", "telemetry")).rows()];
}

/** Provisional rows (written before their count was done) not revised yet. */
function unrevised(): number {
  const events = join(dir, "data", "telemetry", "events");
  const open = new Set<string>();
  for (const file of existsSync(events) ? readdirSync(events) : []) {
    for (const line of readFileSync(join(events, file), "utf8").split("\n")) {
      if (!line) continue;
      const value = JSON.parse(line);
      if (value.revises) open.delete(value.revises.rowId);
      else if (value.rowId) open.add(value.rowId);
    }
  }
  return open.size;
}

/** Waits until `n` rows are stored with their final counts. */
async function waitForRows(n: number): Promise<void> {
  for (let i = 0; i < 1200 && (storedRows().length < n || unrevised() > 0); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

function assertScenarioRan(r: ScenarioResult) {
  assert.ok(r.tools.includes("trigger-sampling-request"), "client capabilities reached the server");
  assert.deepEqual(r.texts["get-sum"], "The sum of 2 and 40 is 42.");
  assert.ok(r.seen.includes("roots/list") && r.seen.includes("sampling/createMessage"));
  assert.ok(r.seen.includes("notifications/message"));
  // The SDK may drop the last progress notification when the result follows
  // in the same read; the wire carries all three (asserted on the bytes).
  assert.ok(r.progress.length >= 1);
  assert.ok(r.bigLength > 8_900_000);
  const echo = r.calls.find((c) => c.name === "echo")!;
  assert.deepEqual(echo.result, { content: [{ type: "text", text: `Echo: ${UNICODE_TEXT}` }] });
}

test("the client and the server receive the same bytes through serve as directly", async () => {
  const direct = await session("direct", false);
  const proxied = await session("proxied", true);
  assertScenarioRan(direct.result);
  assertScenarioRan(proxied.result);
  // Within the proxied run: every byte one side sent, the other side received.
  assert.ok(proxied.clientSent.equals(proxied.serverReceived), "client → server bytes differ");
  assert.ok(proxied.serverSent.equals(proxied.clientReceived), "server → client bytes differ");
  // Across runs: each side saw exactly what it saw without the proxy.
  assert.ok(direct.serverReceived.equals(proxied.serverReceived), "server transcripts differ");
  assert.ok(direct.clientReceived.equals(proxied.clientReceived), "client transcripts differ");
  assert.ok(proxied.clientReceived.length > 9_000_000);
  assert.ok(proxied.clientReceived.includes(Buffer.from('"method":"sampling/createMessage"')));
  const progress = proxied.clientReceived.toString("utf8").split(
    '"method":"notifications/progress"',
  );
  assert.equal(progress.length - 1, 3);
});

test("serve's rows equal token counts computed independently from the transcript", () => {
  const expected = expectedRows(
    readFileSync(join(dir, "proxied-client.down")),
    readFileSync(join(dir, "proxied-client.up")),
  );
  assert.equal(expected.length, 7);
  const rows = storedRows();
  assert.deepEqual(
    rows.map((r) => [r.scope, r.toolName, r.inputTokens, r.outputTokens]),
    expected.map((e) => [e.scope, e.toolName, e.inputTokens, e.outputTokens]),
  );
  for (const [i, row] of rows.entries()) {
    // The client is not an OpenAI one and the host is Claude Code: an approximation.
    const label = expected[i].hasImage ? "heuristic" : "tokenizer-approx";
    assert.equal(row.confidenceSource, label, row.toolName);
    assert.deepEqual(
      [row.connectorId, row.hostPlatform, row.surfaceKind, row.isError],
      ["e2e", "claude-code", "server", false],
    );
  }
  assert.equal(new Set(rows.map((r) => r.sessionId)).size, 1);
  // Aggregate counts only: nothing of the arguments or results is on disk.
  const disk = readFileSync(
    join(dir, "data", "telemetry", "events", `${rows[0].ts.slice(0, 10)}.ndjson`),
    "utf8",
  );
  assert.ok(!disk.includes("quick brown fox") && !disk.includes("naïve"));
});
