/**
 * The figure a real host sees: the official SDK `Client` (as the serve e2e
 * tests use it) calls server-everything's `echo` with a 1 MiB message
 * (1 MiB out, 1 MiB back), directly and through `serve` with telemetry on,
 * as paired bursts (bench/_serve_pairs.ts). The SDK's own per-message work
 * (Buffer.concat per chunk, zod validation) is part of both paths, so the
 * ratio says what serve costs a host, where the bare-client ratio in
 * serve_bench.ts measures serve against raw pipe bandwidth. Asserts nothing
 * about time.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import process from "node:process";
import { serverEverythingCommand } from "../tests/_helpers/mcp_peers.ts";
import { type BurstSession, type PairFigures, runPairs } from "./_serve_pairs.ts";

interface SdkSession extends BurstSession {
  close(): Promise<void>;
}

async function openSdk(
  serve: string[] | undefined,
  env: Record<string, string>,
  opts: { warmMs: number; message: string },
): Promise<SdkSession> {
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
  return {
    pid: transport.pid ?? undefined,
    async call() {
      const result = await client.callTool(
        { name: "echo", arguments: { message: opts.message } },
        undefined,
        { timeout: 120_000 },
      );
      const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
      if (text.length < opts.message.length) throw new Error("short echo from server-everything");
    },
    close: () => client.close(),
  };
}

/**
 * Opens a direct and a through-serve SDK session side by side and runs
 * `pairs` paired bursts of `calls` 1 MiB echoes on them.
 */
export async function benchSdk(input: {
  serve: string[];
  dataDir: string;
  pairs: number;
  calls: number;
  warmMs: number;
  message: string;
}): Promise<PairFigures> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env.AGENT_CONNECTOR_DATA_DIR = input.dataDir;
  env.AGENT_CONNECTOR_TELEMETRY = "1";
  const direct = await openSdk(undefined, env, input);
  const served = await openSdk(input.serve, env, input);
  try {
    return await runPairs(direct, served, { pairs: input.pairs, calls: input.calls });
  } finally {
    await direct.close();
    await served.close();
  }
}
