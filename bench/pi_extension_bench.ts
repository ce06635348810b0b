/**
 * What the generated pi extension (adapters/pi/extension.ts) costs per event,
 * as ratios against a baseline measured in the same run. The extension is
 * loaded in this process against a stand-in for pi's `ExtensionAPI`, with
 * the real home binary and a registered connector:
 *
 * - a hook event through the extension (its `tool_call` handler sends it
 *   as one line to the `hook-serve` it started and reads the reply:
 *   adapters/render/hook_serve_client.ts) against the same hook spawned
 *   the way a json-stdio host does (`hook claude-code PreToolUse` with
 *   Claude's payload);
 * - an event the matcher filters out (no process) against that baseline;
 * - a tool call through the bridge (`pi.registerTool`'s `execute`, JSON-RPC
 *   to the lab's stdio MCP server) against the same `tools/call` written
 *   straight to a second copy of the server over a pipe.
 *
 * Samples interleave so machine noise hits both sides alike; prints medians
 * and ratios, asserts no timing. `deno task bench pi_extension`
 * (optionally `PI_BENCH_RUNS=40`).
 *
 * @module
 */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureHomeBin, homeBinPath } from "../install/home_bin.ts";
import { registerFixture } from "../tests/_helpers/runtime.ts";
import { renderPiExtension } from "../adapters/pi/extension.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.PI_BENCH_RUNS ?? 20);
const data = mkdtempSync(join(tmpdir(), "ac-pibench-"));
registerFixture(
  "decisions",
  join(ROOT, "tests", "fixtures", "connectors", "decisions.mjs"),
  {},
  data,
);
ensureHomeBin({ root: data, os: "linux" });
const homeBin = homeBinPath(data, "linux");
// The launcher pins its data root; a host's environment does not name it.
delete process.env.AGENT_CONNECTOR_DATA_DIR;

const labServer = join(ROOT, "tests", "lab", "fixtures", "lab_server.mjs");
const serverFile = join(data, "agent-connector.mcp.json");
writeFileSync(
  serverFile,
  JSON.stringify({ mcpServers: { decisions: { command: "node", args: [labServer] } } }),
);
const extFile = join(data, "agent-connector-decisions.js");
writeFileSync(
  extFile,
  renderPiExtension({
    host: "pi",
    connectorId: "decisions",
    exec: { command: homeBin, args: [] },
    events: [{ event: "PreToolUse", native: "tool_call", matcher: "bash" }],
    serverFile,
  }),
);

type Handler = (event: Record<string, unknown>, ctx: unknown) => Promise<unknown>;
const handlers = new Map<string, Handler[]>();
const tools: Array<{ execute(id: string, p: unknown): Promise<unknown> }> = [];
const api = {
  on: (name: string, h: Handler) => handlers.set(name, [...handlers.get(name) ?? [], h]),
  registerTool: (t: (typeof tools)[number]) => tools.push(t),
  registerCommand: () => {},
};
const ctx = { cwd: data, hasUI: false };
async function emit(name: string, event: Record<string, unknown>): Promise<void> {
  for (const h of handlers.get(name) ?? []) await h(event, ctx);
}
(await import(pathToFileURL(extFile).href)).default(api);
await emit("session_start", { reason: "startup" });
if (tools.length !== 1) throw new Error(`the bridge registered ${tools.length} tools`);

/** Runs the home binary's hook as a json-stdio host would: spawn, payload in, reply out. */
function directHook(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      homeBin,
      ["hook", "claude-code", "PreToolUse", "--connector", "decisions"],
      {
        stdio: ["pipe", "ignore", "ignore"],
      },
    );
    child.on("error", reject);
    child.on("close", () => resolve());
    child.stdin.end(JSON.stringify({
      session_id: "bench",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }));
  });
}

/** A second lab server spoken to directly: the bridge's baseline. */
const raw = spawn("node", [labServer], { stdio: ["pipe", "pipe", "ignore"] });
let buffer = "";
const waiting = new Map<number, () => void>();
raw.stdout.setEncoding("utf8");
raw.stdout.on("data", (chunk: string) => {
  buffer += chunk;
  let at;
  while ((at = buffer.indexOf("\n")) >= 0) {
    const msg = JSON.parse(buffer.slice(0, at));
    buffer = buffer.slice(at + 1);
    waiting.get(msg.id)?.();
    waiting.delete(msg.id);
  }
});
let nextId = 1;
function rawCall(method: string, params: unknown): Promise<void> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    raw.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
  });
}
await rawCall("initialize", { protocolVersion: "2025-06-18", capabilities: {} });

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const cases: Record<string, () => Promise<unknown>> = {
  "hook spawned by a json-stdio host": directHook,
  "hook event through the extension": () =>
    emit("tool_call", { toolName: "bash", toolCallId: "c", input: { command: "ls" } }),
  "event the matcher filters out": () =>
    emit("tool_call", { toolName: "read", toolCallId: "c", input: { path: "x" } }),
  "tools/call straight to the server": () =>
    rawCall("tools/call", { name: "lab_lookup", arguments: { query: "apple" } }),
  "tool call through the bridge": () => tools[0].execute("c", { query: "apple" }),
};
const samples: Record<string, number[]> = Object.fromEntries(
  Object.keys(cases).map((k) => [k, []]),
);
for (const fn of Object.values(cases)) await fn(); // warm up
for (let i = 0; i < RUNS; i++) {
  for (const [name, fn] of Object.entries(cases)) samples[name].push(await ms(fn));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
for (const [name, value] of Object.entries(m)) {
  console.log(`${name.padEnd(36)} median ${value.toFixed(3)} ms`);
}
const hookBase = m["hook spawned by a json-stdio host"];
const callBase = m["tools/call straight to the server"];
console.log(
  `hook event through the extension: ${
    (m["hook event through the extension"] / hookBase).toFixed(2)
  }× a json-stdio host's hook`,
);
console.log(
  `filtered event: ${
    (m["event the matcher filters out"] / hookBase).toFixed(4)
  }× a json-stdio host's hook`,
);
console.log(
  `tool call through the bridge: ${
    (m["tool call through the bridge"] / callBase).toFixed(2)
  }× a direct tools/call`,
);

await emit("session_shutdown", { reason: "quit" });
raw.stdin.end();
raw.kill();
rmSync(data, { recursive: true, force: true });
process.exit(0);
