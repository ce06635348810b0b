/**
 * Which of serve's threads run at a lowered priority (Linux, where each
 * thread has its own nice value): only the tokenizer's. The thread holding a
 * session's unwritten rows keeps its normal priority, because an unprivileged
 * process cannot raise a thread's priority again, and a starved row writer on
 * a loaded machine finished too late and lost whole sessions.
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
import { openNdjsonStore } from "../../telemetry/store_ndjson.ts";

const FAKE = fileURLToPath(new URL("../fixtures/serve/fake_server.mjs", import.meta.url));
const LINUX = existsSync("/proc/thread-self");
let dir: string;

before(() => void (dir = mkdtempSync(join(tmpdir(), "ac-serve-nice-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The name and nice value of each thread of `pid`. */
function threadNices(pid: number): { name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    // Fields after the command name; nice is field 19 of stat(5).
    const nice = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), nice };
  });
}

test("only serve's tokenizer thread runs at a lowered priority", { skip: !LINUX }, async () => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env.AGENT_CONNECTOR_DATA_DIR = join(dir, "data");
  const s = startRaw(
    cliCommand(["serve", "--connector", "nice", "--", nodeExecutable(), FAKE]),
    env,
  );
  await s.request(0, "initialize", { protocolVersion: "2025-11-25", capabilities: {} });
  await s.request(1, "tools/list");
  // The tool_defs row has tokenizer counts once the tokenizer thread counted
  // it (until then it may be stored with the heuristic's): from then on
  // every telemetry thread exists.
  const store = openNdjsonStore(join(dir, "data", "telemetry"));
  const counted = () => [...store.rows()].some((r) => r.confidenceSource !== "heuristic");
  while (!counted()) await new Promise((r) => setTimeout(r, 50));
  const nices = threadNices(s.child.pid!);
  s.child.stdin.end();
  assert.deepEqual(await s.exited, { code: 0, signal: null });
  const shown = JSON.stringify(nices);
  // One worker thread is lowered: the tokenizer's. A runtime helper thread it
  // starts afterwards (Deno's blocking pool) inherits its nice value, which is
  // as meant; the row writer, another worker, must keep its priority.
  const lowered = nices.filter((t) => t.nice > 0);
  assert.equal(lowered.filter((t) => t.name.startsWith("worker-")).length, 1, shown);
  assert.ok(nices.some((t) => t.name.startsWith("worker-") && t.nice === 0), shown);
  assert.ok(lowered.every((t) => /^(worker-|tokio-runtime)/.test(t.name)), shown);
  assert.ok(nices.every((t) => t.nice === 0 || t.nice === 10), shown);
});
