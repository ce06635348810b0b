/**
 * The tokenizer thread of serve's telemetry (telemetry/token_counter.ts
 * `workerCounter`): loads gpt-tokenizer's o200k_base once and answers
 * `{ id, texts }` with `{ id, counts }`, and `{ id, line: { at, length, part } }`
 * — a whole JSON-RPC line in the shared arena (`workerData.arena`) — with
 * `{ id, measured }` (decoding, parsing and planning it here, so the row
 * writer never does); `{ id, error }` when the tokenizer cannot load.
 * `{ prefault: true }` touches the arena's pages once, here at low priority. The
 * only one of serve's threads that runs at a low priority (nice 10 on
 * Linux), so this work uses idle CPU; whoever waits on it has a deadline and
 * estimates past it. Given `workerData.activity` (a word that changes with
 * every forwarded chunk), it also pauses between segments of a text while
 * bytes are flowing (runtime/traffic_pause.ts).
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import { countText, loadO200k } from "../telemetry/tokenizer.ts";
import { arenaView, prefaultArena } from "../telemetry/line_arena.ts";
import type { LinePart } from "../telemetry/measure.ts";
import { measureLineText } from "../telemetry/token_counter.ts";
import { setThreadNice } from "./thread_nice.ts";
import { trafficPause } from "./traffic_pause.ts";
import type { CountFn } from "../telemetry/tokenizer.ts";

setThreadNice(10);
const port = parentPort!;
const data = workerData as { arena?: SharedArrayBuffer; activity?: SharedArrayBuffer } | null;
const arena = data?.arena;
const pause = data?.activity ? trafficPause(new Int32Array(data.activity)) : undefined;
const decoder = new TextDecoder();
/**
 * A request for fewer characters than this is counted without waiting for a
 * pause in the traffic: it takes well under a millisecond, and the rows it
 * completes should be stored before the host stops the server (a host may
 * do so ~60 ms after the call: notes/recipes/real-hosts.md). A larger one
 * (a big text, or a backlog of many small calls) waits like before.
 */
const UNPACED_CHARS = 16 * 1024;
/** `count`, waiting before each segment while serve forwards bytes. */
const paced = (count: CountFn): CountFn => pause ? (text) => (pause(), count(text)) : count;

interface Ask {
  id: number;
  prefault?: boolean;
  texts?: string[];
  line?: { at: number; length: number; part: LinePart };
}

port.on("message", async (m: Ask) => {
  if (m.prefault) {
    if (arena) prefaultArena(arena);
    return;
  }
  try {
    const loaded = await loadO200k();
    const count = paced(loaded);
    if (m.line && arena) {
      // Decoding and parsing a big line take milliseconds per MiB: they wait
      // for a pause in the traffic like its counting does.
      pause?.();
      const text = decoder.decode(arenaView(arena, m.line.at, m.line.length));
      port.postMessage({ id: m.id, measured: measureLineText(text, m.line.part, count) });
    } else {
      const texts = m.texts ?? [];
      const chars = texts.reduce((n, t) => n + t.length, 0);
      const fn = chars < UNPACED_CHARS ? loaded : count;
      port.postMessage({ id: m.id, counts: texts.map((t) => countText(fn, t)) });
    }
  } catch (error) {
    port.postMessage({ id: m.id, error: error instanceof Error ? error.message : String(error) });
  }
});
