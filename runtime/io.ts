/**
 * Reads a Node stream to the end without hanging on a writer that never
 * closes it (the in-process `hook` command reads the CLI context's stdin).
 *
 * @module
 */

import type { Readable } from "node:stream";
import { concat, wholeObject } from "../edge/_lean_io_parts.ts";

/**
 * Reads `stream` to the end as UTF-8, or as far as a whole JSON object (all a
 * host sends; `wholeObject`). A terminal reads as "" (nothing was piped). After `timeoutMs` without an end (plus one short turn of the event
 * loop, so input already in the pipe is read), whatever arrived is returned
 * and the stream is released, so a host that keeps stdin open cannot wedge us.
 */
export function readAllText(
  stream: Readable & { isTTY?: boolean },
  timeoutMs = 10_000,
): Promise<string> {
  if (stream.isTTY) return Promise.resolve("");
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.off("data", onData);
      stream.off("end", finish);
      stream.off("error", finish);
      resolve(new TextDecoder().decode(concat(chunks)));
    };
    const onData = (chunk: Uint8Array | string) => {
      chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
      if (wholeObject(chunks)) finish();
    };
    // When the deadline passes, give the loop one more turn to read what is
    // already in the pipe: a process that was starved of CPU (a loaded
    // machine) wakes with its timer due before it has polled stdin, and
    // would otherwise drop a payload that arrived long ago.
    const timer = setTimeout(() => {
      setTimeout(() => {
        finish();
        stream.destroy?.();
      }, 25);
    }, timeoutMs);
    stream.on("data", onData);
    stream.on("end", finish);
    stream.on("error", finish);
  });
}
