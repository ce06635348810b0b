/**
 * The generated plugin bridges' cost per event, in the host's own process.
 * Every ts-plugin host's bridge (opencode, Kilo, MiMoCode, OpenClaw,
 * NemoClaw, Amp, pi, oh-my-pi) embeds one client
 * (adapters/render/hook_serve_client.ts): its first event starts the home
 * binary's `hook-serve` (runtime/hook_serve.ts), every event is one line to
 * it. Measured:
 *
 * - "opencode plugin → hook-serve", "OpenClaw plugin → hook-serve", "pi
 *   extension → hook-serve": the module install writes, loaded the way its
 *   host loads it, its before-tool hook awaited with a payload our
 *   connector denies (what ships).
 * - "hook process per event": the other way a bridge could go — the home
 *   binary's `hook kilo-cli PreToolUse`, one process per event, the payload
 *   on stdin.
 * - "in-process handler": the connector module imported into the host's
 *   process once and its handler run there through the same chain
 *   (`runHook`, the opencode dialect).
 * - "in-process worker (terminable)": the same chain in a worker thread
 *   started once (bench/_plugin_worker.ts), one message per event: a
 *   thread can be terminated at a deadline, so a looping handler would not
 *   hang the host — but the connector then runs under the host's runtime
 *   (Bun, or a Node that cannot load Deno source), not the one it was
 *   installed for.
 *
 * Baseline per event: the home-binary launcher running an empty script
 * (the floor of any process per event). Besides wall time per event, each
 * case records how long the host's event loop stalled while the event was
 * in flight (the longest gap of a 1 ms ticker): that, not the wall time, is
 * what a host's UI and other work feel. The in-process path stalls the loop
 * for as long as the handler runs and cannot be cut short: a handler that
 * loops, or calls `process.exit`, takes the host down with it, where the
 * spawned process is killed at the plugin's timeout and the event goes on
 * (fail-open). Prints medians and ratios; asserts nothing.
 *
 * `deno task bench plugin` (optionally `PLUGIN_BENCH_RUNS=40`).
 *
 * @module
 */

import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureHomeBin, homeBinPath } from "../install/home_bin.ts";
import { registerFixture } from "../tests/_helpers/runtime.ts";
import { renderOpencodePlugin } from "../adapters/opencode/plugin.ts";
import { renderOpenclawPlugin } from "../adapters/openclaw/plugin.ts";
import { renderPiExtension } from "../adapters/pi/extension.ts";
import { binExec } from "../adapters/render/command_line.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { runHook } from "../runtime/dispatch.ts";
import { opencodeDialect } from "../adapters/dialects/opencode.ts";
import { median } from "./_child_cpu.ts";
import { HOST_PINS, hostsCacheDir } from "../tests/lab/pins.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MODULE = join(
  ROOT,
  "tests",
  "fixtures",
  "connectors",
  "acme-hosts",
  "agent-connector.config.mjs",
);
const RUNS = Number(process.env.PLUGIN_BENCH_RUNS ?? 20);

const data = mkdtempSync(join(tmpdir(), "ac-plugin-bench-"));
registerFixture("acme-db", MODULE, {}, data);
ensureHomeBin({ root: data, os: "linux" });
const bin = homeBinPath(data, "linux");
const emptyScript = join(data, "empty.sh");
writeFileSync(emptyScript, "#!/bin/sh\ncat > /dev/null\n", { mode: 0o755 });

type Hook = (input: unknown, output: unknown) => Promise<void>;
const pluginFile = join(data, "agent-connector-acme-db.js");
writeFileSync(
  pluginFile,
  renderOpencodePlugin({
    connectorId: "acme-db",
    host: "kilo-cli",
    exec: binExec(bin, "linux", []),
    events: [{ event: "PreToolUse", native: "tool.execute.before", matcher: "" }],
  }),
);
const mod = await import(pathToFileURL(pluginFile).href);
const hooks = await (Object.values(mod)[0] as (c: unknown) => Promise<Record<string, Hook>>)({
  directory: ROOT,
  worktree: ROOT,
});

// OpenClaw's plugin and pi's extension, loaded against stand-ins for their APIs.
type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
const clawFile = join(data, "openclaw-plugin.mjs");
writeFileSync(
  clawFile,
  renderOpenclawPlugin({
    connectorId: "acme-db",
    homeBin: bin,
    os: "linux",
    events: [{ event: "PreToolUse", native: "before_tool_call", matcher: "" }],
  }),
);
const claw: Record<string, Handler> = {};
(await import(pathToFileURL(clawFile).href)).default.register({
  on: (name: string, h: Handler) => void (claw[name] = h),
});
const piFile = join(data, "pi-extension.js");
writeFileSync(
  piFile,
  renderPiExtension({
    host: "pi",
    connectorId: "acme-db",
    exec: binExec(bin, "linux", []),
    events: [{ event: "PreToolUse", native: "tool_call", matcher: "" }],
  }),
);
const pi: Record<string, Handler> = {};
(await import(pathToFileURL(piFile).href)).default({
  on: (name: string, h: Handler) => void (pi[name] = h),
});
const denied = (what: string) => (r: unknown) => {
  if (!JSON.stringify(r ?? null).includes("Use the acme tools")) {
    throw new Error(`${what} did not block the risky call: ${JSON.stringify(r)}`);
  }
};

const connector = await importConnector(MODULE);
const worker = new Worker(new URL("./_plugin_worker.ts", import.meta.url), { type: "module" });

const risky = { tool: "bash", sessionID: "bench", callID: "c1" };
const args = () => ({ args: { command: "rm -rf /tmp/x" } });
const payload = JSON.stringify({ event: "tool.execute.before", input: risky, output: args() });

/** Runs `fn` with a 1 ms ticker; gives the wall time and the longest loop stall, in ms. */
async function measure(fn: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
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
  clearInterval(tick);
  stall = Math.max(stall, performance.now() - last);
  return { ms, stall };
}

const cases: Record<string, () => Promise<unknown>> = {
  "empty script (process per event)": () =>
    new Promise((resolve) => {
      const child = spawn(emptyScript, [], { stdio: ["pipe", "ignore", "ignore"] });
      child.on("close", resolve);
      child.stdin.end("{}");
    }),
  "opencode plugin → hook-serve": () =>
    hooks["tool.execute.before"](risky, args()).then(
      () => {
        throw new Error("the plugin did not block the risky call");
      },
      (e: Error) => {
        if (!/Use the acme tools/.test(e.message)) throw e;
      },
    ),
  "OpenClaw plugin → hook-serve": () =>
    claw.before_tool_call({ toolName: "exec", params: args().args }, { sessionId: "bench" })
      .then(denied("the OpenClaw plugin")),
  "pi extension → hook-serve": () =>
    pi.tool_call({ toolName: "bash", toolCallId: "c1", input: args().args }, { cwd: ROOT })
      .then(denied("the pi extension")),
  "hook process per event": () =>
    new Promise((resolve, reject) => {
      const child = spawn(bin, ["hook", "kilo-cli", "PreToolUse", "--connector", "acme-db"], {
        stdio: ["pipe", "pipe", "ignore"],
      });
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (c) => (out += c));
      child.on("close", () =>
        /Use the acme tools/.test(out) ? resolve(out) : reject(new Error(`no deny: ${out}`)));
      child.stdin.end(payload);
    }),
  "in-process handler": async () => {
    const r = await runHook({
      connector,
      platform: "kilo-cli",
      event: "PreToolUse",
      stdin: payload,
      dialect: opencodeDialect,
    });
    if (!r.reply.stdout.includes("Use the acme tools")) throw new Error("no deny in process");
  },
  "in-process worker (terminable)": () =>
    new Promise<void>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<string>) =>
        e.data.includes("Use the acme tools") ? resolve() : reject(new Error("no deny in worker"));
      worker.postMessage({ module: MODULE, stdin: payload });
    }),
};

// One warm-up each (module caches, the launcher's first exec), then interleaved samples.
for (const fn of Object.values(cases)) await fn();
const samples: Record<string, { ms: number[]; stall: number[] }> = {};
for (let i = 0; i < RUNS; i++) {
  for (const [name, fn] of Object.entries(cases)) {
    const m = await measure(fn);
    const s = samples[name] ??= { ms: [], stall: [] };
    s.ms.push(m.ms);
    s.stall.push(m.stall);
  }
}

const med = (name: string, key: "ms" | "stall") => median(samples[name][key]);
console.log(`plugin cost per event, ${RUNS} interleaved runs (medians):`);
for (const name of Object.keys(cases)) {
  console.log(
    `  ${name.padEnd(34)} ${med(name, "ms").toFixed(1).padStart(7)} ms/event` +
      `   loop stall ${med(name, "stall").toFixed(1).padStart(5)} ms`,
  );
}
const plugin = med("opencode plugin → hook-serve", "ms");
for (const host of ["OpenClaw plugin", "pi extension"]) {
  console.log(
    `  ${host} / opencode plugin: ${
      (med(`${host} → hook-serve`, "ms") / plugin).toFixed(2)
    }x (the same client in another host's wiring)`,
  );
}
console.log(
  `  plugin / empty process per event: ${
    (plugin / med("empty script (process per event)", "ms")).toFixed(1)
  }x`,
);
console.log(
  `  plugin / hook process per event:  ${
    (plugin / med("hook process per event", "ms")).toFixed(3)
  }x`,
);
console.log(
  `  plugin / in-process handler:      ${(plugin / med("in-process handler", "ms")).toFixed(1)}x`,
);
console.log(
  `  loop stall, plugin / in-process:  ${
    (med("opencode plugin → hook-serve", "stall") /
      Math.max(med("in-process handler", "stall"), 0.001))
      .toFixed(2)
  }x (the stall a host feels; the in-process one grows with the handler's own work)`,
);
console.log(
  `  plugin / in-process worker:       ${
    (plugin / med("in-process worker (terminable)", "ms")).toFixed(1)
  }x`,
);
worker.terminate();

// The same plugin under the host's own runtime: the real-host lab's Kilo binary is Bun, and
// runs as plain Bun with BUN_BE_BUN=1 (skipped when the lab has not installed it).
const kiloPin = HOST_PINS.find((p) => p.id === "kilo")!;
const kiloBin = join(
  hostsCacheDir(process.env),
  `kilo@${kiloPin.version}`,
  "node_modules/@kilocode/cli-linux-x64/bin/kilo",
);
if (existsSync(kiloBin)) {
  const run = spawnSync(
    kiloBin,
    [join(ROOT, "bench", "_plugin_bun.mjs"), pluginFile, String(RUNS)],
    {
      env: { ...process.env, BUN_BE_BUN: "1" },
      encoding: "utf8",
    },
  );
  const got = run.status === 0 ? JSON.parse(run.stdout) : undefined;
  if (!got || !got.replies.every((r: string) => /Use the acme tools/.test(r))) {
    console.log(`  under Kilo's Bun: the run failed: ${run.stderr.slice(-300)}`);
  } else {
    const ms = median(got.ms);
    console.log(
      `  under Kilo ${kiloPin.version}'s Bun: plugin ${ms.toFixed(1)} ms/event, loop stall ${
        median(got.stall).toFixed(1)
      } ms (${(ms / med("empty script (process per event)", "ms")).toFixed(1)}x an empty process)`,
    );
  }
} else console.log(`  under Kilo's Bun: skipped (${kiloBin} is not installed)`);
rmSync(data, { recursive: true, force: true });
