/**
 * Worker entry of the scan: decodes the jobs it was given and posts each
 * result back, its rows encoded in one transferred buffer (see
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
import { type DecodeJob, decodeJob } from "./_decode.ts";
import { loadReader } from "./readers/registry.ts";
import { encodeRows } from "./_codec.ts";
import type { Rows } from "./_rows.ts";
import { fsReady } from "../edge/node_fs.ts";

async function run(jobs: [number, DecodeJob][]): Promise<void> {
  await fsReady();
  for (const [index, job] of jobs) {
    const reader = await loadReader(job.readerId as HostId);
    const result = await decodeJob(reader, job);
    const rows = encodeRows(result.rows as Rows);
    parentPort!.postMessage({ index, result: { ...result, rows } }, [rows.buffer as ArrayBuffer]);
  }
  parentPort!.postMessage({ done: true });
}

parentPort!.once("message", () => void run((workerData as { jobs: [number, DecodeJob][] }).jobs));
