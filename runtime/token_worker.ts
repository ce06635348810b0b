/**
 * The tokenizer thread of serve's telemetry (telemetry/token_counter.ts
 * `workerCounter`): loads gpt-tokenizer's o200k_base once and answers
 * `{ id, texts }` with `{ id, counts }` (or `{ id, error }`). The only one
 * of serve's threads that runs at a low priority (nice 10 on Linux), so
 * counting uses idle CPU; whoever waits on it has a deadline and estimates
 * past it.
 *
 * @module
 */

import { parentPort } from "node:worker_threads";
import { countText, loadO200k } from "../telemetry/tokenizer.ts";
import { setThreadNice } from "./thread_nice.ts";

setThreadNice(10);
const port = parentPort!;
port.on("message", async (m: { id: number; texts: string[] }) => {
  try {
    const count = await loadO200k();
    port.postMessage({ id: m.id, counts: m.texts.map((t) => countText(count, t)) });
  } catch (error) {
    port.postMessage({ id: m.id, error: error instanceof Error ? error.message : String(error) });
  }
});
