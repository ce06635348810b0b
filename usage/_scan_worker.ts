/**
 * Worker entry of the scan: decodes the jobs it was given and posts each
 * result back. Loads nothing but the decoder and the readers it needs.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import type { HostId } from "../core/platform_types.ts";
import { type DecodeJob, decodeJob } from "./_decode.ts";
import { loadReader } from "./readers/registry.ts";

const jobs = (workerData as { jobs: [number, DecodeJob][] }).jobs;
for (const [index, job] of jobs) {
  const reader = await loadReader(job.readerId as HostId);
  const result = await decodeJob(reader, job);
  parentPort!.postMessage({ index, result });
}
parentPort!.postMessage({ done: true });
