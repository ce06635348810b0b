/**
 * What a generated hook plugin costs its host per event (OpenClaw's and
 * Amp's bridges share adapters/render/plugin_runtime.ts): the OpenClaw plugin
 * module, imported into this process as OpenClaw imports it, handles
 * `before_tool_call` by starting `agent-connector hook openclaw PreToolUse`
 * through the home binary; against it, the same hook run in-process
 * (`hookEntry`, the runtime already loaded), which is what a plugin that
 * imported our handler into the host would do, and in a worker thread
 * (bench/_openclaw_plugin_worker.ts), which is how such a plugin could still stop a
 * handler that never returns. Samples interleave; prints
 * medians per event, their ratio, and the longest the host's event loop
 * went without running a 1 ms timer during each case (a stall the host
 * would feel).
 *
 * `deno task bench openclaw_plugin` (optionally `PLUGIN_BENCH_RUNS=40`).
 *
 * @module
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ensureHomeBin, homeBinPath } from "../install/home_bin.ts";
import { registerFixture } from "../tests/_helpers/runtime.ts";
import { renderOpenclawPlugin } from "../adapters/openclaw/plugin.ts";
import { hookEntry } from "../runtime/hook_main.ts";
import { median } from "./_child_cpu.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.PLUGIN_BENCH_RUNS ?? 20);
const data = mkdtempSync(join(tmpdir(), "ac-plugin-bench-"));
registerFixture(
  "decisions",
  join(ROOT, "tests", "fixtures", "connectors", "decisions.mjs"),
  {},
  data,
);
ensureHomeBin({ root: data, os: "linux" });

const pluginFile = join(data, "plugin.mjs");
writeFileSync(
  pluginFile,
  renderOpenclawPlugin({
    connectorId: "decisions",
    homeBin: homeBinPath(data, "linux"),
    os: "linux",
    events: [{ event: "PreToolUse", native: "before_tool_call", matcher: "" }],
  }),
);

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
const handlers: Record<string, Handler> = {};
const plugin = (await import(pathToFileURL(pluginFile).href)).default as {
  register(api: { on(name: string, h: Handler): void }): void;
};
plugin.register({ on: (name, h) => void (handlers[name] = h) });

const event = { toolName: "exec", params: { command: "ls" }, toolCallId: "c1" };
const ctx = { sessionId: "bench", runId: "r1" };
const payload = JSON.stringify({ event: "before_tool_call", directory: ROOT, input: event, ctx });

/** The hook in-process: the entry with an in-memory stdin and stdout. */
async function inProcess(): Promise<void> {
  let out = "";
  await hookEntry(ARGV, {
    readStdin: () => Promise.resolve(payload),
    out: (t) => Promise.resolve(void (out += t)),
    err: () => Promise.resolve(),
    readText: () => undefined,
    env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: data },
    home: data,
    sep: "/",
  });
  void out;
}

/** Runs `fn` once; its wall time and the longest gap between 1 ms ticks meanwhile. */
async function sample(fn: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  stall = Math.max(stall, performance.now() - last);
  clearInterval(tick);
  return { ms, stall };
}

const ARGV = ["openclaw", "PreToolUse", "--connector", "decisions"];
const worker = new Worker(new URL("./_openclaw_plugin_worker.ts", import.meta.url));
/** The hook in a worker thread: one message there and back per event. */
function inWorker(): Promise<unknown> {
  return new Promise((resolve) => {
    worker.once("message", resolve);
    worker.postMessage({ payload, data, argv: ARGV });
  });
}

const cases: Record<string, () => Promise<unknown>> = {
  "plugin: a process per event": () => handlers.before_tool_call(event, ctx),
  "in-process hookEntry": inProcess,
  "in a worker thread": inWorker,
};
const results: Record<string, { ms: number[]; stall: number[] }> = {};
for (const fn of Object.values(cases)) await fn(); // warm: module loads, first spawn
for (let i = 0; i < RUNS; i++) {
  for (const [name, fn] of Object.entries(cases)) {
    const r = await sample(fn);
    const m = results[name] ??= { ms: [], stall: [] };
    m.ms.push(r.ms);
    m.stall.push(r.stall);
  }
}
await worker.terminate();
rmSync(data, { recursive: true, force: true });

console.log(`plugin hook cost per event (${RUNS} interleaved runs, medians)`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(30)} ${median(r.ms).toFixed(1).padStart(7)} ms/event   longest loop stall ${
      median(r.stall).toFixed(1)
    } ms`,
  );
}
const spawn = median(results["plugin: a process per event"].ms);
const inproc = median(results["in-process hookEntry"].ms);
const threaded = median(results["in a worker thread"].ms);
console.log(
  `  ratio: a process per event costs ${(spawn / inproc).toFixed(1)}× the in-process call`,
);
console.log(
  `  ratio: a process per event costs ${(spawn / threaded).toFixed(1)}× the worker thread`,
);
