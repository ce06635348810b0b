/**
 * The worker thread behind `serve`: receives copies of every chunk the proxy
 * forwarded and turns them into telemetry rows (telemetry/recorder.ts). All
 * parsing, tokenizing and writing happens here, off the forwarding thread.
 *
 * Messages in: `[0 | 1, Uint8Array]` (0 = from the client, 1 = from the
 * server) and `{ t: "finish", deadline }`. Out: `{ t: "log", line }` and
 * `{ t: "done" }`.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import { findProjectIdentity } from "../io/git_project.ts";
import { SessionRecorder } from "../telemetry/recorder.ts";
import { openTelemetryStore, type TelemetryStore } from "../telemetry/store.ts";
import type { ServeWorkerInit } from "./serve_telemetry.ts";

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
    recorder.push(message[0] === 0 ? "client" : "server", message[1] as Uint8Array);
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
