/**
 * A generated plugin's in-process path (OpenClaw's, run by its Node.js;
 * Amp's, run by its Bun, which has the same `node:worker_threads`, checked
 * with the Bun 1.4.1 inside Amp 0.0.1790142911): when the home binary runs
 * our npm build (its launcher names an entry `…/cli/main.js` beside a
 * `…/runtime/mod.js`), the host's runtime can load that runtime, so the
 * plugin runs each hook in one long-lived worker thread instead of starting
 * a process per event (bench/plugin_bench.ts: 0.6 ms against 34-128 ms an
 * event). It stays fail-open: a reply that does not come within the
 * timeout terminates the worker — which stops even a handler stuck in a
 * synchronous loop, something no timeout on the host's own thread could —
 * and the call resolves to nothing; a worker that fails to start or dies
 * three times sends every later event down the process path. From source
 * or a registry install (Deno runs TypeScript the host cannot load) the
 * plugin keeps starting the home binary.
 *
 * This module renders that part of the generated plugin's JavaScript.
 *
 * @module
 */

/**
 * The worker's own code (CommonJS, run with `eval: true`): it imports the
 * runtime once and answers `{id, argv, payload, env}` with the reply the
 * `hook` command would have printed.
 */
const WORKER_CODE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const loaded = import(workerData.module);
parentPort.on("message", async (job) => {
  let out = "";
  try {
    const { hookEntry } = await loaded;
    await hookEntry(job.argv, {
      readStdin: async () => job.payload,
      out: async (text) => { out += text; },
      err: async () => {},
      readText: (file) => { try { return fs.readFileSync(file, "utf8"); } catch { return undefined; } },
      env: job.env,
      home: os.homedir(),
      sep: path.sep,
    });
  } catch {}
  parentPort.postMessage({ id: job.id, out });
});
`;

/**
 * The plugin's worker path: `RUNTIME_MODULE`, `callInWorker` (uses `COMMAND`,
 * `PLATFORM`, `replyOf`, … of adapters/render/plugin_runtime.ts).
 */
export const WORKER_RUNTIME: string = String.raw`
// The runtime module of our npm build, when the home binary runs one; else undefined.
const RUNTIME_MODULE = (() => {
  try {
    const mark = "agent-connector-launcher ";
    const line = readFileSync(COMMAND, "utf8").split(/\r?\n/).find((l) => l.includes(mark));
    const target = JSON.parse(line.slice(line.indexOf(mark) + mark.length).replaceAll("%%", "%"));
    if (!/[\\/]cli[\\/]main\.js$/.test(target.entry)) return undefined;
    const mod = join(dirname(dirname(target.entry)), "runtime", "mod.js");
    return existsSync(mod) ? pathToFileURL(mod).href : undefined;
  } catch {
    return undefined;
  }
})();
// What the launcher sets before it runs the entry: the data root it lives in.
const HOOK_ENV = { ...process.env };
HOOK_ENV.AGENT_CONNECTOR_DATA_DIR ||= dirname(dirname(COMMAND));

const WORKER_CODE = ${"`"}${WORKER_CODE.replaceAll("`", "\\`").replaceAll("${", "\\${")}${"`"};
let worker;
let failures = 0;
let jobs = 0;
const waiting = new Map();

function dropWorker() {
  const w = worker;
  worker = undefined;
  failures++;
  for (const done of waiting.values()) done(undefined);
  waiting.clear();
  try {
    w?.terminate();
  } catch {}
}

function hookWorker() {
  if (worker || !RUNTIME_MODULE || failures >= 3) return worker;
  try {
    const w = new Worker(WORKER_CODE, { eval: true, workerData: { module: RUNTIME_MODULE } });
    w.on("message", (m) => {
      const done = waiting.get(m?.id);
      waiting.delete(m?.id);
      done?.(m?.out);
    });
    w.on("error", () => w === worker && dropWorker());
    w.on("exit", () => w === worker && dropWorker());
    // After the listeners: adding one refs the worker's port again, and an idle
    // worker must not keep OpenClaw (or a one-shot run) from exiting.
    w.unref();
    worker = w;
  } catch {
    failures++;
  }
  return worker;
}

// Resolves to the reply object, or undefined (no worker, a timeout, a bad reply).
function callInWorker(event, payload) {
  const w = hookWorker();
  if (!w) return undefined;
  return new Promise((resolve) => {
    const id = ++jobs;
    const timer = setTimeout(() => {
      if (w === worker) dropWorker();
      resolve(undefined);
    }, TIMEOUT_MS);
    waiting.set(id, (out) => {
      clearTimeout(timer);
      resolve(replyOf(out));
    });
    try {
      w.postMessage({
        id,
        argv: [PLATFORM, event, "--connector", CONNECTOR],
        payload: JSON.stringify(payload),
        env: HOOK_ENV,
      });
    } catch {
      waiting.delete(id);
      clearTimeout(timer);
      resolve(undefined);
    }
  });
}
`;

/** The imports the worker path needs, beside the runtime's `spawn`. */
export const WORKER_IMPORTS: string[] = [
  `import { existsSync, readFileSync } from "node:fs";`,
  `import { dirname, join } from "node:path";`,
  `import process from "node:process";`,
  `import { pathToFileURL } from "node:url";`,
  `import { Worker } from "node:worker_threads";`,
];
