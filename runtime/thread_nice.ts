/**
 * Thread priority for serve's tokenizer thread. On Linux every thread is a
 * task with its own nice value (`/proc/thread-self` names it), so a worker can
 * lower its own priority and leave the CPU to the forwarding thread, the host
 * and the server. Elsewhere, and where it is not allowed, nothing changes.
 * Lowering is one-way for an unprivileged process: never lower a thread that
 * must finish promptly (runtime/serve_worker.ts says why).
 *
 * @module
 */

import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/** Sets the calling thread's nice value (best effort). */
export function setThreadNice(value: number): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, value);
  } catch { /* not Linux, or raising priority is not allowed */ }
}
