/**
 * The worker thread behind `serve`: receives copies of every chunk the proxy
 * forwarded and turns them into telemetry rows (telemetry/recorder.ts). All
 * parsing, tokenizing and writing happens here, off the forwarding thread.
 *
 * Messages in: batches `Array<[0 | 1, Uint8Array]>` (0 = from the client,
 * 1 = from the server, in the order forwarded) and `{ t: "finish", deadline }`. Out: `{ t: "log", line }` and
 * `{ t: "done" }`.
 *
 * @module
 */

import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { findProjectIdentity } from "../io/git_project.ts";
import { SessionRecorder } from "../telemetry/recorder.ts";
import { openTelemetryStore, type TelemetryStore } from "../telemetry/store.ts";
import type { ServeWorkerInit } from "./serve_telemetry.ts";

/**
 * Lowers this thread's priority (Linux: threads are tasks with their own
 * nice value), so tokenizing uses idle CPU and never competes with the
 * forwarding thread, the host or the server. Elsewhere it stays as it is.
 */
function yieldCpu(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch { /* not Linux, or not allowed: run at normal priority */ }
}

yieldCpu();
const init = workerData as ServeWorkerInit;
const port = parentPort!;
const log = (line: string) => port.postMessage({ t: "log", line });

async function openStore(): Promise<TelemetryStore> {
  try {
    return await openTelemetryStore(init.settings.store, init.dataRoot);
  } catch (error) {
    // A store the runtime cannot open must not lose the session's rows.
    log(`agent-connector serve: ${(error as Error).message}; writing ndjson instead`);
    return await openTelemetryStore("ndjson", init.dataRoot);
  }
}

const store = await openStore();
const recorder = new SessionRecorder({
  connectorId: init.connectorId,
  hostPlatform: init.hostPlatform,
  sessionId: init.sessionId,
  projectDir: init.projectDir,
  projectKey: findProjectIdentity(init.projectDir, init.os).projectKey,
  settings: init.settings,
}, { store, onError: log });

port.on("message", (message: unknown) => {
  if (Array.isArray(message)) {
    for (const [direction, bytes] of message as Array<[0 | 1, Uint8Array]>) {
      recorder.push(direction === 0 ? "client" : "server", bytes);
    }
    return;
  }
  const m = message as { t?: string; deadline?: number };
  if (m.t === "finish") {
    recorder.finish(m.deadline ?? Date.now()).finally(() => {
      store.close();
      port.postMessage({ t: "done" });
    });
  }
});
