/**
 * The ring between serve's forwarding thread and its row writer overflows
 * (telemetry/byte_ring.ts): every completed call still gets exactly one
 * row, and a call whose bytes were dropped is measured from their size and
 * labeled `heuristic` (telemetry/drop_ledger.ts, telemetry/lost_line.ts).
 * A real stdio server runs behind real `serve`, whose ring is made smaller
 * than one pipe read (`AGENT_CONNECTOR_SERVE_RING_BYTES`, test-only), so
 * every 1 MiB message overflows it whatever the machine's load; small
 * messages fit. Nothing here waits for a time.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cliCommand } from "../_helpers/cli_process.ts";
import { nodeExecutable } from "../_helpers/mcp_peers.ts";
import { startRaw } from "./_raw_client.ts";
import { openNdjsonStore } from "../../telemetry/store_ndjson.ts";
import { RING_BYTES_ENV } from "../../runtime/serve_telemetry.ts";
import { BYTES_PER_TOKEN } from "../../telemetry/lost_line.ts";

const FAKE = fileURLToPath(new URL("../fixtures/serve/fake_server.mjs", import.meta.url));
const MIB = 1024 * 1024;
/** A quarter of a pipe read: a 1 MiB message never fits, a small one does. */
const RING = 16 * 1024;
let dir: string;

before(() => void (dir = mkdtempSync(join(tmpdir(), "ac-serve-overflow-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

/** One call: its unique tool name (the fake server echoes any name but `big`), arguments, size. */
interface Call {
  name: string;
  args: Record<string, unknown>;
  /** Which of its messages are 1 MiB. */
  big: "none" | "result" | "both";
}

/** Small calls, 1 MiB results, and 1 MiB requests echoed back, interleaved. */
const CALLS: Call[] = Array.from({ length: 12 }, (_, i): Call => {
  if (i % 3 === 0) return { name: `small-${i}`, args: { text: `call ${i}` }, big: "none" };
  if (i % 3 === 1) return { name: "big", args: { bytes: MIB }, big: "result" };
  return { name: `echo-${i}`, args: { text: "x".repeat(MIB) }, big: "both" };
});

test("a ring too small for any 1 MiB message still leaves every call exactly one row", async () => {
  const data = join(dir, "data");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, {
    AGENT_CONNECTOR_DATA_DIR: data,
    AGENT_CONNECTOR_SESSION: "overflow",
    [RING_BYTES_ENV]: String(RING),
  });
  const s = startRaw(
    cliCommand(["serve", "--connector", "over", "--", nodeExecutable(), FAKE]),
    env,
  );
  await s.request(0, "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "overflow-test", version: "1" },
  });
  await s.request(1, "tools/list");
  for (const [i, call] of CALLS.entries()) {
    const answer = await s.request(2 + i, "tools/call", { name: call.name, arguments: call.args });
    assert.ok(answer.result, `${call.name}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  s.child.stdin.end();
  // serve exits only after its telemetry thread wrote the session's rows.
  const end = await s.exited;
  assert.equal(end.code, 0, s.stderr());

  const rows = [...openNdjsonStore(join(data, "telemetry")).rows()].filter((r) =>
    r.scope === "call"
  );
  const named = (name: string) => rows.filter((r) => r.toolName === name);
  assert.equal(rows.length, CALLS.length, JSON.stringify(rows, null, 1));
  assert.equal(named("big").length, CALLS.filter((c) => c.name === "big").length);
  // A 1 MiB message is charged as JSON text by its size in bytes.
  const sized = (tokens: number) => tokens >= MIB / BYTES_PER_TOKEN && tokens < (MIB + 200) / 3;
  for (const call of CALLS) {
    const [row] = named(call.name);
    assert.ok(row, `${call.name} has its row`);
    assert.equal(row.isError, false, call.name);
    if (call.name !== "big") assert.equal(named(call.name).length, 1, call.name);
    if (call.big === "none") continue;
    assert.equal(row.confidenceSource, "heuristic", `${call.name} overflowed the ring`);
    assert.ok(sized(row.outputTokens), `${call.name} output ${row.outputTokens}`);
    if (call.big === "both") {
      assert.ok(sized(row.inputTokens), `${call.name} input ${row.inputTokens}`);
    }
  }
  for (const row of named("big")) {
    assert.equal(row.confidenceSource, "heuristic");
    assert.ok(sized(row.outputTokens), `big output ${row.outputTokens}`);
  }
});
