/**
 * `doctor --probe` (spec §3): start the connector's REAL stdio server the way
 * serve does — same environment building (secrets resolved through the same
 * seam), same spawn — and run a live MCP handshake: initialize → ping →
 * tools/list, each with a timeout. Returns doctor findings
 * ({@link DiagnosticResult}); a `fail` folds into doctor's exit code. Remote
 * servers (`http`, `sse`, `ws`) are skipped with a note. The server's stderr
 * goes to `serverStderr` (doctor: the terminal's stderr, spec §3), else it is
 * drained; it is never part of a finding (it may print anything, secrets
 * included).
 *
 * @example
 * ```ts ignore
 * import { probeServer } from "./probe.ts";
 * const findings = await probeServer({
 *   connectorId: connector.id, server: connector.server, host, dataRoot: root,
 * });
 * // [{ check: "acme-db: probe initialize", status: "pass", message: "acme-db-server 1.2.0, …" }, …]
 * ```
 *
 * @module
 */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ServerDef } from "../core/connector_types.ts";
import type { DiagnosticResult } from "../core/platform_types.ts";
import { expandEnv } from "../core/interpolation.ts";
import { VERSION } from "../core/version.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { heuristicTokens } from "../telemetry/heuristic.ts";
import { ProbeClient, ProbeFailure, RpcError } from "./probe_client.ts";
import { buildLaunchEnv, LaunchEnvError } from "./serve_launch.ts";
import { spawnServer } from "./serve_proxy.ts";

/** The protocol revision the probe offers (servers may answer with another they support). */
export const PROBE_PROTOCOL_VERSION = "2025-11-25";

/** What to probe. */
export interface ProbeInput {
  /** The connector (names the findings, owns the secrets). */
  connectorId: string;
  /** Its server definition. */
  server?: ServerDef;
  /** Home, env and cwd doctor runs with. */
  machine: MachineEnv;
  /** The data root (secret index). */
  dataRoot: string;
  /** What a relative `server.cwd` is relative to; `machine.cwd` by default. */
  projectDir?: string;
  /** Milliseconds for initialize (default 15 s: a cold server on a loaded machine takes seconds). */
  initializeTimeoutMs?: number;
  /** Milliseconds for ping and each tools/list page (default 10 s). */
  requestTimeoutMs?: number;
  /** Where the server's stderr text goes; drained when absent. */
  serverStderr?: (text: string) => void;
}

/** Builds the server's environment as a host launching it through serve would give it. */
async function launchEnv(input: ProbeInput, server: ServerDef) {
  const env: Record<string, string | undefined> = { ...input.machine.env };
  for (const [key, value] of Object.entries(server.env ?? {})) {
    env[key] = expandEnv(value, input.machine.env);
  }
  const secretEnv = Object.entries(server.secretEnv ?? {}).map(([key, template]) =>
    `${key}=${template}`
  );
  return await buildLaunchEnv({
    connectorId: input.connectorId,
    secretEnv,
    env,
    home: input.machine.home,
    dataRoot: input.dataRoot,
  });
}

/** Runs the probe; never throws. */
export async function probeServer(input: ProbeInput): Promise<DiagnosticResult[]> {
  const id = input.connectorId;
  const check = (step: string) => `${id}: probe ${step}`;
  const server = input.server;
  if (!server) return [];
  if (server.transport !== "stdio") {
    return [{
      check: check("skipped"),
      status: "pass",
      message:
        `not probed: a remote (${server.transport}) server is reached by URL; probes start stdio servers only`,
    }];
  }
  if (!server.command) {
    return [{ check: check("initialize"), status: "fail", message: "server.command is empty" }];
  }
  let env: Record<string, string | undefined>;
  try {
    env = await launchEnv(input, server);
  } catch (error) {
    const message = error instanceof LaunchEnvError ? error.message : String(error);
    return [{ check: check("initialize"), status: "fail", message: `cannot start: ${message}` }];
  }
  const cwd = server.cwd ? resolve(input.projectDir ?? input.machine.cwd, server.cwd) : undefined;
  // spawn reports a missing working directory as ENOENT, which reads as "command not found".
  if (cwd !== undefined && !existsSync(cwd)) {
    return [{
      check: check("initialize"),
      status: "fail",
      message: `cannot start "${server.command}": its working directory ${cwd} ` +
        `(server.cwd ${JSON.stringify(server.cwd)}) does not exist`,
      fix: "create that folder, or set server.cwd to an absolute path that exists",
    }];
  }
  const launch = { command: server.command, args: server.args ?? [], env, cwd };
  const client = new ProbeClient(spawnServer(launch, "pipe"), input.serverStderr);
  const findings: DiagnosticResult[] = [];
  const requestMs = input.requestTimeoutMs ?? 10_000;
  try {
    const t0 = performance.now();
    const init = await client.request("initialize", {
      protocolVersion: PROBE_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "agent-connector-doctor", version: VERSION },
    }, input.initializeTimeoutMs ?? 15_000) as {
      protocolVersion?: string;
      serverInfo?: { name?: string; version?: string };
      capabilities?: { tools?: unknown };
    };
    const info = init?.serverInfo;
    findings.push({
      check: check("initialize"),
      status: "pass",
      message: `${info?.name ?? "(unnamed)"} ${info?.version ?? ""}`.trim() +
        `, protocol ${init?.protocolVersion ?? "?"}, ${ms(t0)}`,
    });
    client.notify("notifications/initialized");
    findings.push(
      await step(check("ping"), async () => {
        const t = performance.now();
        await client.request("ping", undefined, requestMs);
        return `answered in ${ms(t)}`;
      }),
    );
    if (init?.capabilities?.tools === undefined) {
      findings.push({
        check: check("tools/list"),
        status: "warn",
        message: "the server declares no tools capability",
      });
    } else {
      findings.push(
        await step(check("tools/list"), async () => {
          const tools: unknown[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < 20; page++) {
            const r = await client.request(
              "tools/list",
              cursor === undefined ? undefined : { cursor },
              requestMs,
            ) as { tools?: unknown[]; nextCursor?: string };
            tools.push(...(r?.tools ?? []));
            cursor = r?.nextCursor || undefined;
            if (!cursor) break;
          }
          const defs = heuristicTokens(JSON.stringify(tools), "json");
          return `${tools.length} tool${
            tools.length === 1 ? "" : "s"
          }, ≈${defs} tokens of definitions`;
        }),
      );
    }
  } catch (error) {
    findings.push({
      check: check("initialize"),
      status: "fail",
      message: error instanceof RpcError
        ? `the server refused initialize: ${error.message}`
        : error instanceof ProbeFailure
        ? (client.ended === "command not found"
          ? `cannot start "${server.command}": command not found`
          : error.message)
        : String(error),
      fix: `run the server by hand to see its output: ${
        [server.command, ...(server.args ?? [])].join(" ")
      }`,
    });
  } finally {
    await client.close();
  }
  return findings;
}

async function step(check: string, run: () => Promise<string>): Promise<DiagnosticResult> {
  try {
    return { check, status: "pass", message: await run() };
  } catch (error) {
    if (error instanceof RpcError && error.code === -32601) {
      return { check, status: "warn", message: "the server does not implement it" };
    }
    return { check, status: "fail", message: (error as Error).message };
  }
}

function ms(since: number): string {
  return `${Math.round(performance.now() - since)} ms`;
}
