/**
 * The report worker (`_report_job.ts`): computes the report it is given and
 * posts it back, with the scan's progress about every 100 ms when asked.
 * Any failure posts nothing useful (`{}`): the report is then computed on the
 * thread that asked.
 *
 * @module
 */

import { parentPort, workerData } from "node:worker_threads";
import { computeReport, type ReportJob } from "./_report_job.ts";
import type { ScanProgress } from "./scan.ts";

const { job, progress } = workerData as { job: ReportJob; progress: boolean };
let last = 0;
const onProgress = progress
  ? (p: ScanProgress) => {
    const now = Date.now();
    if (now - last < 100 && p.filesDone < p.files) return;
    last = now;
    parentPort!.postMessage({ progress: { ...p } });
  }
  : undefined;
try {
  parentPort!.postMessage({ done: await computeReport(job, onProgress) });
} catch {
  parentPort!.postMessage({});
}
