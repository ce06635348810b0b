/**
 * Worker entry of the scan: decodes the jobs it was given and posts the
 * results back in batches (a message costs more than a small source's
 * rows), each result's rows encoded in one transferred buffer (see
 * `DecodeResult.rows`). Loads nothing but the decoder and the readers it
 * needs.
 *
 * It starts on its first message, not at the top level: a worker that runs
 * out of heap inside top-level `await` vanishes under Deno without an `exit`
 * or `error` event (measured, Deno 2.9), and the scan would wait forever.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import type { HostId } from "../core/platform_types.ts";
import { type DecodeJob, decodeJob, type DecodeResult } from "./_decode.ts";
import { loadReader } from "./readers/registry.ts";
import { encodeRows } from "./_codec.ts";
import type { Rows } from "./_rows.ts";
import { fsReady } from "../edge/node_fs.ts";

/** Results are posted in batches of this many, or sooner when this many ms passed. */
const BATCH_JOBS = 64;
const BATCH_MS = 50;

async function run(jobs: [number, DecodeJob][], claims: Int32Array): Promise<void> {
  await fsReady();
  let batch: { index: number; result: DecodeResult }[] = [];
  let buffers: ArrayBuffer[] = [];
  let since = Date.now();
  const post = () => {
    parentPort!.postMessage({ batch }, buffers);
    batch = [];
    buffers = [];
    since = Date.now();
  };
  for (const [index, job] of jobs) {
    // Taken by the scan's own thread, which ran out of its own jobs first.
    if (Atomics.compareExchange(claims, index, 0, 1) !== 0) continue;
    const reader = await loadReader(job.readerId as HostId);
    const result = await decodeJob(reader, job);
    const rows = encodeRows(result.rows as Rows);
    batch.push({ index, result: { ...result, rows } });
    buffers.push(rows.buffer as ArrayBuffer);
    if (batch.length >= BATCH_JOBS || Date.now() - since >= BATCH_MS) post();
  }
  if (batch.length > 0) post();
  parentPort!.postMessage({ done: true });
}

parentPort!.once("message", () => {
  const data = workerData as { jobs: [number, DecodeJob][]; claims: SharedArrayBuffer };
  void run(data.jobs, new Int32Array(data.claims));
});
