/**
 * The forwarding thread's side of serve telemetry: decide whether telemetry
 * runs, start the worker (runtime/serve_worker.ts) and hand it a copy of each
 * forwarded chunk. Cost on the forwarding path: one copy into a shared ring
 * per chunk, and a tiny wake-up message per batch. Anything going wrong here turns telemetry off for
 * the session; the pipe never notices.
 *
 * Session id: the host's (`CLAUDE_CODE_SESSION_ID`, set by Claude Code
 * ≥ 2.1.154 for stdio servers), else `AGENT_CONNECTOR_SESSION`, else a new
 * UUID. Project: `CLAUDE_PROJECT_DIR` (Claude Code), else the working dir.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { Worker } from "node:worker_threads";
import { workerEntry } from "../core/worker_entry.ts";
import type { ResolvedTelemetryConfig } from "../core/connector_types.ts";
import type { MachineEnv, OsName } from "../io/machine_env.ts";
import { telemetrySettings } from "../telemetry/settings.ts";
import { calibrationFromEnv, type CalibrationInit } from "../telemetry/calibration.ts";
import { createRing, type RingMemory, RingWriter } from "../telemetry/byte_ring.ts";
import type { ServeArgs } from "./serve_args.ts";
import type { ServeTap } from "./serve_proxy.ts";

/** What the worker is started with. */
export interface ServeWorkerInit {
  /** The data root. */
  dataRoot: string;
  /** The connector. */
  connectorId: string;
  /** `--host` or `AGENT_CONNECTOR_HOST`. */
  hostPlatform?: string;
  /** The session id. */
  sessionId: string;
  /** The project folder. */
  projectDir: string;
  /** The OS (path normalization of the project key). */
  os: OsName;
  /** Telemetry settings. */
  settings: ResolvedTelemetryConfig;
  /** The chunk ring shared with the forwarding thread. */
  ring: RingMemory;
  /**
   * The `count_tokens` sampler's start data when calibration is on
   * (telemetry/calibration.ts `calibrationFromEnv`): handed on to the
   * tokenizer's thread, in memory only.
   */
  calibration?: CalibrationInit;
}

/** Running telemetry for one serve session. */
export interface ServeTelemetry {
  /** The tap to give the proxy. */
  tap: ServeTap;
  /**
   * The host is stopping the session (a signal, stdin closed, the parent
   * gone): the worker writes every row at once, with estimated counts where
   * not yet measured, then completes them while the process lives. Safe to
   * call more than once.
   */
  hurry(): void;
  /** Finishes: the worker tokenizes until `budgetMs` from now, writes every row, exits. */
  close(budgetMs?: number): Promise<void>;
}

/**
 * Size of the ring shared with the worker (the worker touches it all at
 * start, so the forwarding thread never takes its first-touch page faults);
 * chunks that do not fit are dropped (a gap: what the row writer still
 * learns of them is in telemetry/drop_ledger.ts). Half of it ({@link WAKE_BYTES})
 * holds a burst of four back-to-back 1 MiB round trips (8 MiB and their
 * framing), which the worker then takes in the pause after the burst: with
 * a smaller ring such a burst crosses the half at its last answer, and the
 * worker takes all of it beside the client still waiting (bench/README.md).
 */
export const RING_BYTES: number = 20 * 1024 * 1024;
/**
 * Bytes waiting in the ring that wake the worker at once: half the ring,
 * where the worker takes them without waiting for a pause
 * (runtime/serve_worker.ts), so the other half is room while it does.
 */
export const WAKE_BYTES: number = RING_BYTES / 2;

/**
 * Test-only: the ring's size in bytes instead of {@link RING_BYTES} (at least
 * {@link MIN_RING_BYTES}; the worker is then urged at half of it). Tests use a
 * small ring to make chunks overflow it on purpose (tests/serve/serve_overflow_test.ts).
 */
export const RING_BYTES_ENV = "AGENT_CONNECTOR_SERVE_RING_BYTES";
/** The smallest ring {@link RING_BYTES_ENV} may ask for. */
export const MIN_RING_BYTES = 4096;

/** The ring's size for this run: {@link RING_BYTES} unless {@link RING_BYTES_ENV} says otherwise. */
export function ringBytes(env: Record<string, string | undefined>): number {
  const asked = Number(env[RING_BYTES_ENV]);
  return Number.isInteger(asked) && asked >= MIN_RING_BYTES && asked <= RING_BYTES
    ? asked
    : RING_BYTES;
}

/** How often a gap record that found no room is tried again while no chunk comes. */
const GAP_RETRY_MS = 20;
/** How long {@link ServeTelemetry.close} waits for room for a waiting gap record. */
const GAP_CLOSE_MS = 500;

/**
 * How long after the server exits the worker may keep tokenizing (then it
 * estimates). Every row is already stored by then (provisional where not
 * yet measured: telemetry/recorder.ts), so a host that kills us sooner
 * loses only the revisions.
 */
export const FINISH_BUDGET_MS = 1_000;

/** The longest serve waits for the worker to write its rows after the server exited. */
export const FINISH_CAP_MS = 60_000;

/** The env vars hosts use to tell a stdio server its session (HOSTS.md; Claude Code docs). */
export const HOST_SESSION_ENV: readonly string[] = ["CLAUDE_CODE_SESSION_ID"];

/** Returns the session id for a serve run. */
export function serveSessionId(env: Record<string, string | undefined>): string {
  for (const name of HOST_SESSION_ENV) if (env[name]) return env[name]!;
  return env.AGENT_CONNECTOR_SESSION || randomUUID();
}

function workerUrl(): URL {
  // The npm build compiles .ts to .js beside each other.
  const ext = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./serve_worker${ext}`, import.meta.url);
}

/**
 * Starts telemetry for a serve run, or returns undefined when it is off
 * (no `--connector`, a kill switch) or cannot start.
 */
export function startServeTelemetry(input: {
  args: ServeArgs;
  machine: MachineEnv;
  dataRoot: string;
  log: (line: string) => void;
}): ServeTelemetry | undefined {
  const { args, machine } = input;
  if (!args.connectorId) return undefined;
  const settings = telemetrySettings(input.dataRoot, args.connectorId, machine.env);
  if (!settings.enabled) return undefined;
  const init: ServeWorkerInit = {
    dataRoot: input.dataRoot,
    connectorId: args.connectorId,
    hostPlatform: args.hostPlatform || machine.env.AGENT_CONNECTOR_HOST || undefined,
    sessionId: serveSessionId(machine.env),
    projectDir: machine.env.CLAUDE_PROJECT_DIR || machine.cwd,
    os: machine.os,
    settings,
    ring: createRing(ringBytes(machine.env)),
  };
  const calibration = calibrationFromEnv(machine.env, settings.calibration);
  if (calibration) init.calibration = calibration;
  let worker: Worker;
  try {
    worker = new Worker(workerEntry(workerUrl()), { workerData: init });
  } catch {
    return undefined;
  }
  let alive = true;
  let written = false;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  worker.on("message", (m: { t?: string; line?: string }) => {
    if (m.t === "log" && m.line) input.log(m.line);
    if (m.t === "done") {
      written = true;
      done();
    }
  });
  worker.on("error", (error) => {
    alive = false;
    input.log(`agent-connector serve: telemetry stopped: ${error.message}`);
    done();
  });
  worker.on("exit", () => {
    alive = false;
    done();
  });
  // Chunks are copied into a ring shared with the worker (no allocation on
  // this thread). The worker is told only when bytes follow a pause: while
  // they flow it looks at the ring's write position every quiet period
  // (serve_worker.ts). A message on a timer instead would cost this thread a
  // timer and a message, and the worker a wake-up, many times per round trip.
  const ring = new RingWriter(init.ring);
  const wakeBytes = init.ring.data.byteLength / 2;
  // Set once the worker was told the ring is half full, until it took the
  // bytes: a message per chunk meanwhile would cost this thread (and the
  // worker) CPU for every chunk forwarded, for nothing.
  let urged = false;
  let hurried = false;
  // A gap record waits for room, and the row writer sees the dropped bytes
  // only once it is written: without a chunk coming to write it ahead of,
  // it is tried again on a timer (armed only while one waits).
  let retry: ReturnType<typeof setTimeout> | undefined;
  const retryGap = () => {
    retry = undefined;
    if (!alive) return;
    if (!ring.flushGap()) {
      retry = setTimeout(retryGap, GAP_RETRY_MS);
      retry.unref?.();
    } else if (ring.claimWake()) worker.postMessage({ t: "wake" });
  };
  const send = (direction: 0 | 1, chunk: Uint8Array) => {
    if (!alive) return;
    if (!ring.write(direction, chunk) && !retry) {
      retry = setTimeout(retryGap, GAP_RETRY_MS);
      retry.unref?.();
    }
    if (ring.pending >= wakeBytes) {
      if (!urged) worker.postMessage({ t: "drain" });
      urged = true;
      return;
    }
    urged = false;
    if (ring.claimWake()) worker.postMessage({ t: "wake" });
  };
  return {
    tap: {
      fromClient: (chunk) => send(0, chunk),
      fromServer: (chunk) => send(1, chunk),
    },
    hurry() {
      if (alive && !hurried) worker.postMessage({ t: "hurry" });
      hurried = true;
    },
    async close(budgetMs = FINISH_BUDGET_MS) {
      if (alive && !ring.flushGap()) {
        // The worker makes room; the gap record goes in before it finishes.
        worker.postMessage({ t: "drain" });
        const until = Date.now() + GAP_CLOSE_MS;
        while (!ring.flushGap() && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      clearTimeout(retry);
      if (alive) {
        worker.postMessage({ t: "finish", deadline: Date.now() + budgetMs });
        // Tokenizing stops at the deadline; writing the rows is then quick,
        // even on a loaded machine (the worker runs at normal priority), but
        // it may still be starting. Wait for it (a host in a hurry signals
        // us, and with the server gone no handler is left, so the signal ends
        // us at once); the cap only guards against a hung worker.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, FINISH_CAP_MS)));
        await Promise.race([finished, cap]);
        clearTimeout(timer);
        if (!written && alive) {
          input.log(
            `agent-connector serve: telemetry for this session was not written: ` +
              `its thread did not finish within ${FINISH_CAP_MS / 1000} s`,
          );
        }
      }
      await worker.terminate();
    },
  };
}
