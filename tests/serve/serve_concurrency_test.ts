/**
 * Fifty serve processes at once, each proxying its own server and writing
 * telemetry to one shared store: no row is lost and none is torn. The test
 * waits only for answers and exits (serve exits after its rows are written),
 * never for a time; a session that lost rows is named with its stderr.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cliCommand } from "../_helpers/cli_process.ts";
import { nodeExecutable } from "../_helpers/mcp_peers.ts";
import { startRaw } from "./_raw_client.ts";
import { asRowRevision, asTelemetryRow } from "../../telemetry/rows.ts";
import { openNdjsonStore } from "../../telemetry/store_ndjson.ts";

const FAKE = fileURLToPath(new URL("../fixtures/serve/fake_server.mjs", import.meta.url));
const SESSIONS = Number(process.env.SESSIONS ?? 50);
const CALLS = 8;
let dir: string;

before(() => void (dir = mkdtempSync(join(tmpdir(), "ac-serve-50-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

/** How one serve process ended, and what it said on stderr. */
interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

async function session(i: number): Promise<Ended> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, {
    AGENT_CONNECTOR_DATA_DIR: join(dir, "data"),
    AGENT_CONNECTOR_SESSION: `session-${i}`,
  });
  const s = startRaw(
    cliCommand(["serve", "--connector", "many", "--", nodeExecutable(), FAKE]),
    env,
  );
  await s.request(0, "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "load", version: "1" },
  });
  await s.request(1, "tools/list");
  for (let c = 0; c < CALLS; c++) {
    await s.request(2 + c, "tools/call", {
      name: "echo",
      arguments: { text: `session ${i} call ${c} ${"padding ".repeat(c)}` },
    });
  }
  s.child.stdin.end();
  // serve exits only after its telemetry thread wrote the session's rows.
  return { ...(await s.exited), stderr: s.stderr() };
}

function storedLines(): string[] {
  const events = join(dir, "data", "telemetry", "events");
  const files = existsSync(events) ? readdirSync(events) : [];
  return files.flatMap((f) =>
    readFileSync(join(events, f), "utf8").split("\n").filter((l) => l !== "")
  );
}

test("fifty concurrent serve processes lose and tear no telemetry row", async () => {
  const ended = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => session(i)));
  const lines = storedLines().map((l) => JSON.parse(l));
  assert.ok(
    lines.every((l) => asTelemetryRow(l) ?? asRowRevision(l)),
    "every line is one whole row or one whole revision of a provisional row",
  );
  const rows = [...openNdjsonStore(join(dir, "data", "telemetry")).rows()];
  for (const [i, end] of ended.entries()) {
    const mine = rows.filter((r) => r.sessionId === `session-${i}`);
    const why = `session ${i} (exit ${end.code}, signal ${end.signal}): ${end.stderr}`;
    assert.deepEqual([end.code, end.signal], [0, null], why);
    assert.equal(mine.filter((r) => r.scope === "call").length, CALLS, why);
    assert.equal(mine.filter((r) => r.scope === "tool_defs").length, 1, why);
  }
  assert.equal(rows.length, SESSIONS * (CALLS + 1));
});
