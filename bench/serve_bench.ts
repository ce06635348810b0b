/**
 * What `serve` adds to a tool call (DESIGN §5: < 0.3 ms median per
 * `tools/call`, and a 1 MiB result at ≥ 90 % of direct throughput).
 *
 *   deno run -A bench/serve_bench.ts      # env N=1000 ROUNDS=3 WARM_MS=3000 PAIRS=15 BURST=4 SDK_PAIRS=9
 *   SERVE_CMD="node npm/cli/main.js" deno run -A bench/serve_bench.ts   # the npm build on Node
 *
 * The npm build needs its dependencies beside it (`cd npm && npm install
 * --omit=dev` after `deno task build:npm`): without gpt-tokenizer serve
 * falls back to the chars/4 estimate, and its CPU "after the burst" is then
 * ~15 ms per call instead of ~200 (the last line, "rows: …", says which).
 *
 * ROUNDS=0 skips the latency part, PAIRS=0 the bare throughput, SDK_PAIRS=0
 * the SDK's. CONTROL=direct pairs direct with direct, an A/A check of the
 * wall ratio (its "every core busy" figure then counts the second server as
 * serve: read only the wall ratio), CONTROL=off pairs direct with the pure
 * pipe. PAIRS_LOG=1 prints every pair.
 *
 * Latency: a bare JSON-RPC line client (no SDK) calls a bare echo server (no
 * SDK) directly, through `serve` with telemetry off (the pure pipe), and
 * through `serve` with telemetry on, in interleaved rounds; figures are
 * medians over rounds, printed as differences against direct, with the
 * proxy's own CPU time per call read from /proc where it exists.
 *
 * Throughput: the same client and server, then the real SDK Client against
 * server-everything (bench/_serve_sdk.ts: what a host sees), each as many
 * short paired bursts of back-to-back 1 MiB calls, direct and through serve
 * with telemetry on. The figure is the throughput ratio with every core
 * busy, from CPU times (direct's per call against direct's plus serve's in
 * flight), with the wall-time ratio per pair beside it (median and IQR);
 * bench/_serve_pairs.ts says why the first holds on a loaded 2-core machine
 * where wall time does not. serve's CPU per 1 MiB call is split into what it
 * spends while the burst is in flight (by thread) and what it put off until
 * after. Nothing here asserts a timing.
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
import { runtimeName } from "../edge/runtime_info.ts";
import { benchSdk } from "./_serve_sdk.ts";
import { type BurstSession, cpuMs, describePairs, quantile, runPairs } from "./_serve_pairs.ts";

const N = Number(process.env.N ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARM_MS = Number(process.env.WARM_MS ?? 3000);
const PAIRS = Number(process.env.PAIRS ?? 15);
const BURST = Number(process.env.BURST ?? 4);
const SDK_PAIRS = Number(process.env.SDK_PAIRS ?? 9);
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

/** A 1 MiB message of prose-like text (what a big tool result looks like). */
function bigMessage(): string {
  const words = "the quick brown fox jumps over a lazy dog while seven wizards quietly hex ";
  return words.repeat(Math.ceil(MIB / words.length)).slice(0, MIB);
}

/** An open session of the bare line client with the echo server. */
interface BareSession extends BurstSession {
  /** Calls the echo tool with `message`; resolves with the answer line. */
  echo(message: string): Promise<string>;
  /** Ends the session. */
  close(): Promise<void>;
}

/** Opens a session: initialize, tools/list, then `WARM_MS` of small calls. */
async function openBare(variant: Variant): Promise<BareSession> {
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
  const echo = (message: string) => request("tools/call", { name: "echo", arguments: { message } });
  await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "bench", version: "1" },
  });
  await request("tools/list", {});
  // Warm up for a while: serve's worker loads the tokenizer at session start
  // (once per session, off the forwarding thread); measure the steady state.
  const warmUntil = performance.now() + WARM_MS;
  for (let i = 0; i < 200 || performance.now() < warmUntil; i++) await echo(`warm ${i}`);
  const big = bigMessage();
  return {
    pid: child.pid,
    echo,
    async call() {
      const line = await echo(big);
      if (line.length < MIB) throw new Error(`short answer (${line.length} bytes) from ${variant}`);
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once("close", resolve));
    },
  };
}

interface Figures {
  median: number;
  p99: number;
  cpuPerCall: number;
}

/** Latency of `N` small calls in a fresh session of `variant`. */
async function latency(variant: Variant): Promise<Figures> {
  const session = await openBare(variant);
  const pid = variant === "direct" ? undefined : session.pid;
  const cpu0 = cpuMs(pid);
  const lat: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await session.echo(`hello ${i}`);
    lat.push(performance.now() - t);
  }
  const cpu1 = cpuMs(pid);
  await session.close();
  lat.sort((a, b) => a - b);
  return { median: pct(lat, 0.5), p99: pct(lat, 0.99), cpuPerCall: ((cpu1 - cpu0) * 1000) / N };
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
    results.get(v)!.push(await latency(v));
  }
}
const agg = (v: Variant): Figures => {
  const f = results.get(v)!;
  const pick = (k: keyof Figures) => median(f.map((x) => x[k]));
  return { median: pick("median"), p99: pick("p99"), cpuPerCall: pick("cpuPerCall") };
};
console.log(
  `serve on ${runtimeName()} ${process.versions.deno ?? process.versions.node}: ` +
    `${N} calls × ${ROUNDS} interleaved rounds (medians over rounds), then 1 MiB echoes`,
);
const direct = ROUNDS > 0 ? agg("direct") : undefined;
if (direct) {
  console.log(
    `  direct                 median ${direct.median.toFixed(3)} ms  p99 ${
      direct.p99.toFixed(2)
    } ms`,
  );
  for (const v of VARIANTS.slice(1)) {
    const f = agg(v);
    console.log(
      `  ${v.padEnd(22)} median ${f.median.toFixed(3)} ms (+${
        (f.median - direct.median).toFixed(3)
      } ms)  p99 ${f.p99.toFixed(2)} ms (+${(f.p99 - direct.p99).toFixed(2)} ms)  ` +
        `proxy CPU ${f.cpuPerCall.toFixed(0)} µs/call`,
    );
  }
}

// Throughput: two sessions open side by side, paired bursts.
// CONTROL=direct pairs direct with direct (an A/A check of the method: it
// should read 100 %), CONTROL=off pairs direct with the pure pipe.
const against: Variant = process.env.CONTROL === "direct"
  ? "direct"
  : process.env.CONTROL === "off"
  ? "serve, telemetry off"
  : "serve, telemetry on";
let bareSaturated = NaN;
let bareSpread = "";
if (PAIRS > 0) {
  const sessions = [await openBare("direct"), await openBare(against)];
  const bare = await runPairs(sessions[0], sessions[1], { pairs: PAIRS, calls: BURST });
  for (const s of sessions) await s.close();
  console.log(describePairs(`1 MiB echo, bare client, direct vs ${against}`, bare, BURST));
  bareSaturated = bare.saturated;
  const q = (p: number) => `${(100 * quantile(bare.saturatedByPair, p)).toFixed(0)} %`;
  bareSpread = ` (pair by pair: median ${q(0.5)}, IQR ${q(0.25)}–${q(0.75)} over ` +
    `${bare.saturatedByPair.length} pairs)`;
}
let sdkSaturated = NaN;
if (SDK_PAIRS > 0) {
  const sdk = await benchSdk({
    serve: serveCommand(),
    dataDir: data,
    pairs: SDK_PAIRS,
    calls: BURST,
    warmMs: WARM_MS,
    message: bigMessage(),
  });
  console.log(describePairs("1 MiB echo, SDK Client → server-everything", sdk, BURST));
  sdkSaturated = sdk.saturated;
}
const added = direct ? agg("serve, telemetry on").median - direct.median : NaN;
console.log(
  `  budget (DESIGN §5): added median ${added.toFixed(3)} ms (< 0.3 ms), ` +
    `1 MiB throughput with every core busy ${
      (100 * bareSaturated).toFixed(0)
    } % bare${bareSpread}, ` +
    `${Number.isNaN(sdkSaturated) ? "-" : (100 * sdkSaturated).toFixed(0)} % SDK (≥ 90 %)`,
);
console.log(`  ${tokenizerNote()}`);
rmSync(data, { recursive: true, force: true });

/**
 * How the runs' rows were counted. None tokenized means serve's tokenizer
 * never loaded (the npm build run from npm/ without its dependencies): its
 * CPU "after the burst" is then the chars/4 estimate, not tokenizing.
 */
function tokenizerNote(): string {
  const bySource = new Map<string, number>();
  try {
    const events = join(data, "telemetry", "events");
    for (const file of readdirSync(events)) {
      for (const line of readFileSync(join(events, file), "utf8").split("\n")) {
        if (!line) continue;
        const value = JSON.parse(line);
        // A revision line completes a provisional row counted already.
        if (value.revises) {
          const was = String(value.revises.confidenceSource);
          bySource.set(was, (bySource.get(was) ?? 0) - 1);
        }
        const source = String((value.revises ? value.row : value).confidenceSource);
        bySource.set(source, (bySource.get(source) ?? 0) + 1);
      }
    }
  } catch { /* no rows */ }
  const counts = [...bySource].filter(([, n]) => n > 0).map(([source, n]) => `${n} ${source}`)
    .join(", ") || "none";
  const tokenized = [...bySource].some(([s, n]) => n > 0 && s.startsWith("tokenizer"));
  return `rows: ${counts}` +
    (tokenized ? "" : " — no row was tokenized: serve's tokenizer did not " +
      "load (for the npm build: cd npm && npm install --omit=dev), so the CPU after the burst " +
      "is the chars/4 estimate's");
}
