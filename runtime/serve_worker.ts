/**
 * The worker thread behind `serve`: receives copies of every chunk the proxy
 * forwarded and turns them into telemetry rows (telemetry/recorder.ts). All
 * parsing and writing happens here, off the forwarding thread; tokenizing
 * happens in a further thread (runtime/token_worker.ts), so loading the
 * tokenizer never keeps this one from writing rows.
 *
 * Chunks arrive through a shared ring (telemetry/byte_ring.ts; tag 0 = from
 * the client, 1 = from the server, in the order forwarded). Messages in:
 * `{ t: "wake" }` (bytes follow a pause: watch the ring until traffic pauses
 * again, then take them), `{ t: "drain" }` (the ring is half full: take the
 * bytes now), `{ t: "hurry" }` (the host is stopping us: write every row
 * now, estimated where not yet measured) and `{ t: "finish", deadline }`.
 * Out: `{ t: "log", line }` and
 * `{ t: "done" }`. Between a pause and the next chunk the thread sleeps
 * (`RingReader.sleep`), and the forwarding thread sends one `wake`.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import { findProjectIdentity } from "../io/git_project.ts";
import { PROMPT_WORK, SessionRecorder } from "../telemetry/recorder.ts";
import { QUIET_MS, ROW_SETTLE_MS } from "../telemetry/quiet_gate.ts";
import { RingReader, WRITE_POSITION_WORD } from "../telemetry/byte_ring.ts";
import { feedRing } from "../telemetry/ring_feed.ts";
import { openTelemetryStore, type TelemetryStore } from "../telemetry/store.ts";
import type { ServeWorkerInit } from "./serve_telemetry.ts";
import { workerCounter } from "../telemetry/token_counter.ts";

// This thread keeps its normal priority, unlike the tokenizer's: it holds the
// session's unwritten rows, and an unprivileged process cannot raise a
// thread's priority again once lowered. At nice 10 on a loaded machine it got
// so little CPU that finishing took 30-55 s, and serve gave up on it with the
// rows unwritten (50 concurrent sessions lost whole sessions). Its work during
// traffic waits for pauses instead (quiet_gate.ts); the CPU-heavy counting
// runs at low priority in the tokenizer thread, with a deadline.
const init = workerData as ServeWorkerInit;

/** A module beside this one (`.ts` from source, `.js` in the npm build). */
function siblingUrl(name: string): URL {
  const ext = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${name}${ext}`, import.meta.url);
}
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
// The ring's write position (its first control word) tells the tokenizer
// when bytes are flowing.
const counter = workerCounter(
  siblingUrl("token_worker"),
  undefined,
  init.ring.control,
  init.calibration,
);
// Start the tokenizer's thread now, while the server starts: starting a
// thread blocks this one (300 ms and more on a loaded machine), and at the
// host's first message it held up the rows of the calls right after.
counter.warm();
const recorder = new SessionRecorder({
  connectorId: init.connectorId,
  hostPlatform: init.hostPlatform,
  sessionId: init.sessionId,
  projectDir: init.projectDir,
  projectKey: findProjectIdentity(init.projectDir, init.os).projectKey,
  settings: init.settings,
  // A turn's few lines are parsed and counted as soon as they come out of
  // the ring (below: after a pause); a backlog waits for the quiet gate.
}, { store, counter, onError: log, promptWork: true });

const ring = new RingReader(init.ring);
// Fault the ring's pages in here, at low priority, instead of on the
// forwarding thread's first pass over them.
ring.prefault();
/**
 * Takes every chunk the forwarding thread put in the ring, in order. The
 * recorder reads each in place (line ends are found in the ring itself) and
 * copies a line's bytes once, when the line is whole.
 */
function drainRing(): void {
  switchesTaken = ring.switches;
  feedRing(ring, recorder);
}

// Keeping a line allocates memory, which costs page faults the host and the
// server would feel: take the bytes once traffic pauses (the write position
// stays put for ROW_SETTLE_MS: a burst's messages come closer than that,
// and a host may stop the server soon after), unless the ring gets half
// full first. A pause after the client's bytes is the server working on a
// request, not the end of a turn (the host waits for the answer), and a
// pause after more than PROMPT_WORK exchanges since the last take is a
// client calling back to back (a benchmark, not a model's turns): the
// bytes then wait for QUIET_MS, and the work stays out of the traffic's
// way (a host that kills us at once after such a stream loses the rows of
// its tail).
const position = new Int32Array(init.ring.control);
let watch: ReturnType<typeof setTimeout> | undefined;
let seen = 0;
let stillSince = 0;
/** The ring's tag switches when its bytes were last taken. */
let switchesTaken = 0;
function startWatching(): void {
  if (watch) return;
  seen = Atomics.load(position, WRITE_POSITION_WORD);
  watch = setTimeout(lookAgain, ROW_SETTLE_MS);
}
function lookAgain(): void {
  watch = undefined;
  const now = Atomics.load(position, WRITE_POSITION_WORD);
  if (now !== seen) {
    // Work waiting for a pause (a backlog, a big line's count) keeps waiting.
    recorder.traffic();
    stillSince = 0;
    startWatching();
    return;
  }
  stillSince ||= Date.now() - ROW_SETTLE_MS;
  const busy = ring.lastTag === 0 || ring.switches - switchesTaken > 2 * PROMPT_WORK;
  if (busy && Date.now() - stillSince < QUIET_MS) {
    startWatching();
    return;
  }
  stillSince = 0;
  drainRing();
  // Records written since the drain, before the flag went up, wake no one.
  if (!ring.sleep()) startWatching();
}

port.on("message", (message: unknown) => {
  const m = message as { t?: string; deadline?: number };
  if (m.t === "wake") {
    startWatching();
    return;
  }
  if (m.t === "drain") {
    // serve_telemetry.ts WAKE_BYTES: the other half of the ring is room
    // while the bytes are taken now.
    drainRing();
    return;
  }
  if (watch) clearTimeout(watch);
  watch = undefined;
  drainRing();
  if (m.t === "hurry") {
    // The host is stopping the session: every row now, estimated where not
    // measured; answers the server still sends are taken as they come.
    recorder.hurry();
    startWatching();
  }
  if (m.t === "finish") {
    recorder.finish(m.deadline ?? Date.now()).finally(() => {
      store.close();
      // Every row is written: serve may end now. The tokenizer thread ends
      // with us (stopping it mid-compile would only delay the exit).
      port.postMessage({ t: "done" });
      void counter.close();
    });
  }
});
