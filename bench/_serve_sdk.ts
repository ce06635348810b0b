/**
 * The figure a real host sees: the official SDK `Client` (as the serve e2e
 * tests use it) calls server-everything's `echo` with a 1 MiB message
 * (1 MiB out, 1 MiB back) directly and through `serve` with telemetry on, in
 * interleaved rounds. The SDK's own per-message work (Buffer.concat per
 * chunk, zod validation) is part of both paths, so the ratio says what serve
 * costs a host, where the bare-client ratio in serve_bench.ts measures serve
 * against raw pipe bandwidth. Prints; asserts nothing about time.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import process from "node:process";
import { serverEverythingCommand } from "../tests/_helpers/mcp_peers.ts";

/** One variant's figures (medians over calls, then over rounds). */
export interface SdkFigures {
  /** Wall ms per 1 MiB echo. */
  bigMs: number;
  /** serve's CPU ms per 1 MiB echo (NaN direct). */
  serveCpu: number;
  /** serve's CPU ms per 1 MiB echo by thread group. */
  threads: Map<string, number>;
}

/** How to measure a process's CPU (shared with serve_bench.ts). */
export interface CpuProbe {
  /** utime+stime of a pid in ms. */
  cpuMs(pid: number | undefined): number;
  /** CPU ms by thread group. */
  threadCpuMs(pid: number | undefined): Map<string, number>;
}

async function sdkRun(
  serve: string[] | undefined,
  env: Record<string, string>,
  opts: { bigN: number; warmMs: number; message: string },
  probe: CpuProbe,
): Promise<SdkFigures> {
  const server = serverEverythingCommand();
  const argv = serve ? [...serve, "serve", "--connector", "bench-sdk", "--", ...server] : server;
  const transport = new StdioClientTransport({
    command: argv[0],
    args: argv.slice(1),
    env,
    stderr: "pipe",
  });
  transport.stderr?.on("data", () => {});
  const client = new Client({ name: "serve-bench", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  const warmUntil = performance.now() + opts.warmMs;
  for (let i = 0; i < 50 || performance.now() < warmUntil; i++) {
    await client.callTool({ name: "echo", arguments: { message: `warm ${i}` } });
  }
  const pid = transport.pid ?? undefined;
  const cpu0 = probe.cpuMs(pid);
  const threads0 = probe.threadCpuMs(pid);
  const times: number[] = [];
  for (let i = 0; i < opts.bigN; i++) {
    const t = performance.now();
    const result = await client.callTool(
      { name: "echo", arguments: { message: opts.message } },
      undefined,
      { timeout: 120_000 },
    );
    times.push(performance.now() - t);
    const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
    if (text.length < opts.message.length) throw new Error("short echo from server-everything");
  }
  const cpu1 = probe.cpuMs(pid);
  const threads = new Map<string, number>();
  for (const [group, ms] of probe.threadCpuMs(pid)) {
    threads.set(group, (ms - (threads0.get(group) ?? 0)) / opts.bigN);
  }
  await client.close();
  return {
    bigMs: median(times),
    serveCpu: serve ? (cpu1 - cpu0) / opts.bigN : NaN,
    threads: serve ? threads : new Map(),
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Runs `rounds` interleaved rounds of direct and through-serve SDK sessions
 * and prints the throughput ratio and serve's CPU per 1 MiB call.
 */
export async function benchSdk(input: {
  serve: string[];
  dataDir: string;
  rounds: number;
  bigN: number;
  warmMs: number;
  message: string;
  probe: CpuProbe;
}): Promise<void> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env.AGENT_CONNECTOR_DATA_DIR = input.dataDir;
  env.AGENT_CONNECTOR_TELEMETRY = "1";
  const direct: SdkFigures[] = [];
  const served: SdkFigures[] = [];
  for (let r = 0; r < input.rounds; r++) {
    const order = r % 2 === 0 ? [false, true] : [true, false];
    for (const viaServe of order) {
      const f = await sdkRun(viaServe ? input.serve : undefined, env, input, input.probe);
      (viaServe ? served : direct).push(f);
    }
  }
  const d = median(direct.map((f) => f.bigMs));
  const s = median(served.map((f) => f.bigMs));
  const cpu = median(served.map((f) => f.serveCpu));
  const groups = [...new Set(served.flatMap((f) => [...f.threads.keys()]))].sort();
  const parts = groups.map((g) =>
    `${g} ${median(served.map((f) => f.threads.get(g) ?? 0)).toFixed(1)}`
  );
  console.log(
    `  SDK Client → server-everything echo, ${input.bigN} × 1 MiB, ${input.rounds} rounds: ` +
      `direct ${d.toFixed(1)} ms, through serve (telemetry on) ${s.toFixed(1)} ms → ` +
      `${(100 * d / s).toFixed(0)} % of direct throughput; serve CPU ${cpu.toFixed(1)} ms ` +
      `per 1 MiB call` + (parts.length > 0 ? ` (${parts.join(", ")})` : ""),
  );
}
