/**
 * What `serve` adds to a tool call (DESIGN §5: < 0.3 ms median per
 * `tools/call`, and a 1 MiB result at ≥ 90 % of direct throughput).
 *
 *   deno run -A bench/serve_bench.ts      # env N=1000 BIG_N=20 SDK_N=10 ROUNDS=3 WARM_MS=3000
 *   SERVE_CMD="node npm/cli/main.js" deno run -A bench/serve_bench.ts   # the npm build on Node
 *
 * A bare JSON-RPC line client (no SDK) calls a bare echo server (no SDK)
 * directly, through `serve` with telemetry off (the pure pipe), and through
 * `serve` with telemetry on (the worker tokenizing on the side), in
 * interleaved rounds on the same machine; figures are medians over rounds,
 * printed as differences and ratios against direct. The proxy's own CPU time
 * per call is read from /proc where it exists (steadier than wall time on a
 * shared machine). A second figure uses the real SDK Client against
 * server-everything (bench/_serve_sdk.ts): what a host sees. Nothing here
 * asserts a timing.
 *
 * @module
 */

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runtimeName } from "../core/runtime_info.ts";
import { benchSdk } from "./_serve_sdk.ts";

const N = Number(process.env.N ?? 1000);
const SDK_N = Number(process.env.SDK_N ?? 10);
const BIG_N = Number(process.env.BIG_N ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARM_MS = Number(process.env.WARM_MS ?? 3000);
const MIB = 1024 * 1024;
const main = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
const data = mkdtempSync(join(tmpdir(), "ac-serve-bench-"));

// The echo server: answers tools/call with the message as text content.
const SERVER = `
let parts = [];
process.stdin.on("data", (c) => {
  let start = 0, i;
  // Search only the new chunk for the line end: a 1 MiB line arrives in many chunks.
  while ((i = c.indexOf(10, start)) >= 0) {
    parts.push(c.subarray(start, i));
    const m = JSON.parse(Buffer.concat(parts).toString("utf8"));
    parts = [];
    start = i + 1;
    if (m.id === undefined) continue;
    const result = m.method === "tools/call"
      ? { content: [{ type: "text", text: m.params.arguments.message }] }
      : m.method === "tools/list" ? { tools: [{ name: "echo", inputSchema: { type: "object" } }] } : {};
    process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result }) + "\\n");
  }
  if (start < c.length) parts.push(c.subarray(start));
});
process.stdin.on("end", () => process.exit(0));`;

function serveCommand(): string[] {
  // SERVE_CMD runs another build, e.g. "node npm/cli/main.js" (the npm package under Node).
  const custom = process.env.SERVE_CMD?.split(" ").filter(Boolean);
  const runtime = runtimeName() === "deno"
    ? [process.execPath, "run", "-A", main]
    : [process.execPath, main];
  return custom ?? runtime;
}

type Variant = "direct" | "serve, telemetry off" | "serve, telemetry on";
const VARIANTS: Variant[] = ["direct", "serve, telemetry off", "serve, telemetry on"];

function command(variant: Variant): string[] {
  const server = ["node", "-e", SERVER];
  if (variant === "direct") return server;
  return [...serveCommand(), "serve", "--connector", "bench", "--", ...server];
}

/** utime+stime of `pid` in ms (Linux), NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU ms of each thread of `pid` (Linux), grouped: the forwarding (main)
 * thread, the tokenizer (the one thread at nice 10), the row writer (Deno
 * names worker threads `worker-N`; Node names every thread `node`, so there
 * it is counted in "other"), and the rest (the runtime's GC, compiler and I/O
 * threads). Empty elsewhere.
 */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const group = tid === String(pid)
        ? "forwarding"
        : Number(f[16]) === 10
        ? "tokenizer"
        : name.startsWith("worker-")
        ? "row writer"
        : "other";
      out.set(group, (out.get(group) ?? 0) + ((Number(f[11]) + Number(f[12])) * 1000) / 100);
    }
  } catch { /* not Linux, or the process ended */ }
  return out;
}

/** A 1 MiB message of prose-like text (what a big tool result looks like). */
function bigMessage(): string {
  const words = "the quick brown fox jumps over a lazy dog while seven wizards quietly hex ";
  return words.repeat(Math.ceil(MIB / words.length)).slice(0, MIB);
}

interface Figures {
  median: number;
  p99: number;
  bigMedian: number;
  cpuPerCall: number;
  cpuPerBig: number;
  /** CPU ms per 1 MiB call by thread group (forwarding, worker-N, other). */
  threadsPerBig: Map<string, number>;
}

async function run(variant: Variant): Promise<Figures> {
  const [cmd, ...args] = command(variant);
  const env = {
    ...process.env,
    AGENT_CONNECTOR_DATA_DIR: data,
    AGENT_CONNECTOR_TELEMETRY: variant === "serve, telemetry off" ? "0" : "1",
  };
  const child: ChildProcessWithoutNullStreams = spawn(cmd, args, { env, stdio: "pipe" });
  child.stderr.resume();
  let parts: Uint8Array[] = [];
  let waiter: (line: string) => void = () => {};
  // One request in flight at a time, so a chunk holds at most one line end.
  child.stdout.on("data", (chunk: Uint8Array) => {
    const at = chunk.indexOf(10);
    if (at === -1) {
      parts.push(chunk);
      return;
    }
    parts.push(chunk.subarray(0, at));
    const line = Buffer.concat(parts).toString("utf8");
    parts = at + 1 < chunk.length ? [chunk.subarray(at + 1)] : [];
    waiter(line);
  });
  let id = 0;
  const request = (method: string, params: unknown) =>
    new Promise<string>((resolve) => {
      waiter = resolve;
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }) + "\n");
    });
  const call = (message: string) => request("tools/call", { name: "echo", arguments: { message } });
  await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "bench", version: "1" },
  });
  await request("tools/list", {});
  // Warm up for a while: serve's worker loads the tokenizer at session start
  // (once per session, off the forwarding thread); measure the steady state.
  const warmUntil = performance.now() + WARM_MS;
  for (let i = 0; i < 200 || performance.now() < warmUntil; i++) await call(`warm ${i}`);
  const cpu0 = cpuMs(child.pid);
  const lat: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await call(`hello ${i}`);
    lat.push(performance.now() - t);
  }
  const cpu1 = cpuMs(child.pid);
  const threads1 = threadCpuMs(child.pid);
  const big = bigMessage();
  const bigLat: number[] = [];
  for (let i = 0; i < BIG_N; i++) {
    const t = performance.now();
    const line = await call(big);
    bigLat.push(performance.now() - t);
    if (line.length < MIB) throw new Error(`short answer (${line.length} bytes) from ${variant}`);
  }
  const cpu2 = cpuMs(child.pid);
  const threadsPerBig = new Map<string, number>();
  for (const [group, ms] of threadCpuMs(child.pid)) {
    threadsPerBig.set(group, (ms - (threads1.get(group) ?? 0)) / BIG_N);
  }
  child.stdin.end();
  await new Promise((resolve) => child.once("close", resolve));
  lat.sort((a, b) => a - b);
  bigLat.sort((a, b) => a - b);
  const direct = variant === "direct";
  return {
    median: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    bigMedian: pct(bigLat, 0.5),
    cpuPerCall: direct ? NaN : ((cpu1 - cpu0) * 1000) / N,
    cpuPerBig: direct ? NaN : (cpu2 - cpu1) / BIG_N,
    threadsPerBig: direct ? new Map() : threadsPerBig,
  };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const results = new Map<Variant, Figures[]>(VARIANTS.map((v) => [v, []]));
for (let r = 0; r < ROUNDS; r++) {
  // Rotate the order each round so no variant always runs first.
  for (let i = 0; i < VARIANTS.length; i++) {
    const v = VARIANTS[(i + r) % VARIANTS.length];
    results.get(v)!.push(await run(v));
  }
}

const agg = (v: Variant): Figures => {
  const f = results.get(v)!;
  const pick = (k: Exclude<keyof Figures, "threadsPerBig">) => median(f.map((x) => x[k]));
  return {
    median: pick("median"),
    p99: pick("p99"),
    bigMedian: pick("bigMedian"),
    cpuPerCall: pick("cpuPerCall"),
    cpuPerBig: pick("cpuPerBig"),
    threadsPerBig: new Map(
      [...new Set(f.flatMap((x) => [...x.threadsPerBig.keys()]))].sort().map((
        group,
      ) => [group, median(f.map((x) => x.threadsPerBig.get(group) ?? 0))]),
    ),
  };
};
const direct = agg("direct");
const mbps = (ms: number) => (2 * MIB) / 1e6 / (ms / 1000); // 1 MiB out and 1 MiB back per call

console.log(
  `serve on ${runtimeName()} ${process.versions.deno ?? process.versions.node}: ${N} calls, ` +
    `${BIG_N} × 1 MiB echoes, ${ROUNDS} interleaved rounds (medians over rounds)`,
);
console.log(
  `  direct                 median ${direct.median.toFixed(3)} ms  p99 ${
    direct.p99.toFixed(2)
  } ms  ` +
    `1 MiB ${direct.bigMedian.toFixed(1)} ms (${mbps(direct.bigMedian).toFixed(0)} MB/s)`,
);
for (const v of VARIANTS.slice(1)) {
  const f = agg(v);
  const cpu = Number.isNaN(f.cpuPerCall)
    ? ""
    : `  proxy CPU ${f.cpuPerCall.toFixed(0)} µs/call, ${f.cpuPerBig.toFixed(1)} ms/1 MiB call`;
  console.log(
    `  ${v.padEnd(22)} median ${f.median.toFixed(3)} ms (+${
      (f.median - direct.median).toFixed(3)
    } ms)  ` +
      `p99 ${f.p99.toFixed(2)} ms (+${(f.p99 - direct.p99).toFixed(2)} ms)  ` +
      `1 MiB ${f.bigMedian.toFixed(1)} ms → ${
        (100 * direct.bigMedian / f.bigMedian).toFixed(0)
      } % of direct throughput` +
      cpu,
  );
}
const on = agg("serve, telemetry on");
if (on.threadsPerBig.size > 0) {
  const parts = [...on.threadsPerBig].map(([group, ms]) => `${group} ${ms.toFixed(1)}`);
  console.log(`  telemetry on, CPU ms per 1 MiB call by thread: ${parts.join(", ")}`);
}
const off = agg("serve, telemetry off");
console.log(
  `  telemetry on vs off: +${(on.median - off.median).toFixed(3)} ms median per call, ` +
    `1 MiB at ${(100 * off.bigMedian / on.bigMedian).toFixed(0)} % of the telemetry-off throughput`,
);
console.log(
  `  budget (DESIGN §5): added median ${(on.median - direct.median).toFixed(3)} ms (< 0.3 ms), ` +
    `1 MiB throughput ${(100 * direct.bigMedian / on.bigMedian).toFixed(0)} % (≥ 90 %)`,
);
if (SDK_N > 0) {
  await benchSdk({
    serve: serveCommand(),
    dataDir: data,
    rounds: ROUNDS,
    bigN: SDK_N,
    warmMs: WARM_MS,
    message: bigMessage(),
    probe: { cpuMs, threadCpuMs },
  });
}
rmSync(data, { recursive: true, force: true });
