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
 * Given `workerData.calibration` (calibration is on: telemetry/calibration.ts)
 * it also runs the `count_tokens` sampler: after `{ sample: true }` (the
 * session is a Claude-family one) it offers the longest text of a count it
 * answered — at most {@link SAMPLE_CHARS} of it — whenever the sampler's
 * rate limit lets one through, and posts `{ id: 0, calibration }` each time
 * the learned ratio changes. The request runs beside the counting, which
 * never waits for it; a failed or slow one only leaves the ratio as it was.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import { countText, loadO200k } from "../telemetry/tokenizer.ts";
import { arenaView, prefaultArena } from "../telemetry/line_arena.ts";
import { type LinePart, planLine } from "../telemetry/measure.ts";
import { measureLineText } from "../telemetry/token_counter.ts";
import { type CalibrationInit, createCalibrator } from "../telemetry/calibration.ts";
import { setThreadNice } from "./thread_nice.ts";
import { trafficPause } from "./traffic_pause.ts";
import type { CountFn } from "../telemetry/tokenizer.ts";

setThreadNice(10);
const port = parentPort!;
const data = workerData as {
  arena?: SharedArrayBuffer;
  activity?: SharedArrayBuffer;
  calibration?: CalibrationInit;
} | null;
const arena = data?.arena;
const calibrator = data?.calibration ? createCalibrator(data.calibration) : undefined;
/** Set by `{ sample }`: this session's counted texts are offered to the sampler. */
let sampling = false;
let ratio: number | undefined;
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

/**
 * Characters of a text sent at most as one calibration sample (a longer
 * text's beginning): enough for a stable ratio, little to send.
 */
export const SAMPLE_CHARS: number = 16 * 1024;

/**
 * Offers the longest of `texts` (or its beginning) to the sampler when one
 * would be sent now; its own count is made only then.
 */
function offerSample(texts: readonly string[], count: CountFn): void {
  if (!calibrator || !sampling) return;
  let text = "";
  for (const t of texts) if (t.length > text.length) text = t;
  if (!calibrator.wants(Math.min(text.length, SAMPLE_CHARS))) return;
  if (text.length > SAMPLE_CHARS) {
    // Never end on the first half of a surrogate pair.
    const end = isHighSurrogate(text.charCodeAt(SAMPLE_CHARS - 1))
      ? SAMPLE_CHARS - 1
      : SAMPLE_CHARS;
    text = text.slice(0, end);
  }
  void calibrator.consider(text, countText(count, text).tokens).then(() => {
    const learned = calibrator.stats().ratio;
    if (learned === undefined || learned === ratio) return;
    ratio = learned;
    port.postMessage({ id: 0, calibration: learned });
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

interface Ask {
  id: number;
  sample?: boolean;
  prefault?: boolean;
  texts?: string[];
  line?: { at: number; length: number; part: LinePart };
}

port.on("message", async (m: Ask) => {
  if (m.prefault) {
    if (arena) prefaultArena(arena);
    return;
  }
  if (m.sample !== undefined) {
    sampling = m.sample;
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
      if (sampling && calibrator?.wants(SAMPLE_CHARS)) {
        offerSample(lineTexts(text, m.line.part), count);
      }
    } else {
      const texts = m.texts ?? [];
      const chars = texts.reduce((n, t) => n + t.length, 0);
      const fn = chars < UNPACED_CHARS ? loaded : count;
      port.postMessage({ id: m.id, counts: texts.map((t) => countText(fn, t)) });
      offerSample(texts, count);
    }
  } catch (error) {
    port.postMessage({ id: m.id, error: error instanceof Error ? error.message : String(error) });
  }
});

/** The texts `part` of a whole line would be counted from (none when it is not JSON). */
function lineTexts(text: string, part: LinePart): string[] {
  try {
    return planLine(text, part).texts.map((t) => t.text);
  } catch {
    return [];
  }
}
