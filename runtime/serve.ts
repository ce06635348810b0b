/**
 * `agent-connector serve`: the telemetry-wrapping MCP stdio proxy hosts
 * launch instead of the server itself (spec §3 internal entrypoints, §5).
 *
 * Start-up stays on node built-ins and small modules of ours: the argv split,
 * the connector record (for telemetry settings; a missing record means
 * defaults, never a failed launch), the launch environment, the byte pipe.
 * Telemetry runs in a worker thread started beside the pipe; nothing it does
 * can delay, alter or stop a byte.
 *
 * @module
 */

import { statSync } from "node:fs";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { parseServeArgs, type ServeArgs } from "./serve_args.ts";
import { buildLaunchEnv, expandCwdArg, LaunchEnvError } from "./serve_launch.ts";
import { FORWARDED_SIGNALS, type ProxyOutcome, runProxy } from "./serve_proxy.ts";
import { startServeTelemetry } from "./serve_telemetry.ts";
import { processHostIo, streamHostIo } from "./serve_host_io.ts";

/** One run of the wrapper. */
export interface ServeRun {
  /** The arguments after `serve`. */
  argv: readonly string[];
  /** Home, env and cwd of the wrapper. */
  machine: MachineEnv;
  /** Our stdin, facing the host; the process's own (fd 0 on Deno) when absent. */
  stdin?: Readable;
  /** Our stdout, facing the host; the process's own (fd 1 on Deno) when absent. */
  stdout?: Writable;
  /** Writes one diagnostic line to our stderr. */
  log: (line: string) => void;
  /** Forward host signals to the server (the real process only). */
  forwardSignals?: boolean;
}

/** How the wrapper should end. */
export interface ServeResult {
  /** The exit code to use when no signal is re-raised. */
  code: number;
  /** The signal that ended the server, to re-raise on ourselves. */
  signal: NodeJS.Signals | null;
}

/** Exit code when the server command cannot be started (as shells do). */
export const EXIT_SPAWN_FAILED = 127;

/**
 * Runs the wrapper to completion: resolve the launch, pipe bytes, record
 * telemetry on the side, and report how the server ended. Never rejects
 * for a server problem; a missing `-- <command>` is the caller's usage error.
 */
export async function runServe(run: ServeRun): Promise<ServeResult> {
  const args: ServeArgs = parseServeArgs(run.argv);
  if (!args.command) {
    run.log(
      "agent-connector serve: missing the server command: serve --connector <id> -- <command> [args…]",
    );
    return { code: 2, signal: null };
  }
  const root = dataRoot(run.machine);
  let env: Record<string, string | undefined>;
  try {
    env = await buildLaunchEnv({
      connectorId: args.connectorId,
      secretEnv: args.secretEnv,
      envArgs: args.env,
      env: run.machine.env,
      home: run.machine.home,
      dataRoot: root,
    });
  } catch (error) {
    const message = error instanceof LaunchEnvError ? error.message : String(error);
    run.log(`agent-connector serve: cannot start "${args.command}": ${message}`);
    return { code: 1, signal: null };
  }
  const cwd = args.cwd === undefined ? undefined : expandCwdArg(args.cwd, run.machine.env);
  if (cwd !== undefined && !isDirectory(cwd)) {
    run.log(
      `agent-connector serve: cannot start "${args.command}": its working directory ${cwd} ` +
        `(server.cwd) is not a folder. Create it, or change server.cwd and run install again.`,
    );
    return { code: EXIT_SPAWN_FAILED, signal: null };
  }
  const telemetry = startServeTelemetry({
    args,
    machine: run.machine,
    dataRoot: root,
    log: run.log,
  });
  const outcome: ProxyOutcome = await runProxy({
    command: args.command,
    args: args.args,
    env,
    cwd,
    host: run.stdin && run.stdout ? streamHostIo(run.stdin, run.stdout) : processHostIo(),
    tap: telemetry?.tap,
    // Telemetry off: nothing to observe, so the server gets our stdio itself.
    shareHostStdio: telemetry === undefined && !run.stdin,
    forwardSignals: run.forwardSignals ? FORWARDED_SIGNALS : [],
    graceMs: graceFromEnv(run.machine.env),
    onStopping: telemetry?.hurry,
  });
  await telemetry?.close();
  if (outcome.spawnError) {
    const reason = outcome.spawnError.code === "ENOENT"
      ? "command not found"
      : outcome.spawnError.message;
    run.log(`agent-connector serve: cannot start "${args.command}": ${reason}`);
    return { code: EXIT_SPAWN_FAILED, signal: null };
  }
  return { code: outcome.code ?? 1, signal: outcome.signal };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `AGENT_CONNECTOR_SERVE_GRACE_MS`: how long a server may linger after its stdin closed. */
export function graceFromEnv(env: Record<string, string | undefined>): number | undefined {
  const ms = Number(env.AGENT_CONNECTOR_SERVE_GRACE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * Ends the current process the way the server ended: re-raises the server's
 * terminating signal on ourselves (so the host sees the same death), or exits
 * with its code.
 */
export function exitLikeServer(result: ServeResult): never {
  if (result.signal && process.platform !== "win32") {
    process.removeAllListeners(result.signal);
    try {
      process.kill(process.pid, result.signal);
    } catch { /* fall through to an exit code */ }
  }
  process.exit(result.signal ? 128 + signalNumber(result.signal) : result.code);
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGKILL: 9,
    SIGSEGV: 11,
    SIGPIPE: 13,
    SIGTERM: 15,
  };
  return numbers[signal] ?? 0;
}
