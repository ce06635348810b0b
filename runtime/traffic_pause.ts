/**
 * Keeps serve's tokenizer thread off the CPU while bytes are flowing. On a
 * two-core machine the host, the server and serve's forwarding thread share
 * the cores while a big result is in flight; even at nice 10 the tokenizer
 * took CPU from them when it was still counting the previous burst
 * (bench/README.md).
 * It counts a big text in segments (telemetry/tokenizer.ts `countText`), so
 * between two segments it looks at a word of shared memory that changes
 * with every chunk forwarded (the ring's write position,
 * telemetry/byte_ring.ts) and, when it changed, sleeps until it stays still
 * for {@link TRAFFIC_QUIET_MS}. The counts are the same; only when they are
 * made changes.
 *
 * @module
 */

import { QUIET_MS } from "../telemetry/quiet_gate.ts";

/**
 * Milliseconds without a forwarded chunk after which counting goes on: the
 * same pause the row writer waits for (telemetry/quiet_gate.ts). A shorter
 * gap inside a burst is not idle time: the host or the server is then busy
 * with the message it just got (the SDK spends long on a big one).
 */
export const TRAFFIC_QUIET_MS: number = QUIET_MS;
/**
 * The longest one pause lasts: traffic that never stops (a server streaming
 * notifications) still lets a segment through now and then, and the
 * recorder's deadlines turn what is left into estimates.
 */
export const MAX_PAUSE_MS = 2_000;

/** How {@link trafficPause} waits; tests pass their own sleep and clock. */
export interface TrafficPauseOptions {
  /** Which word of the shared memory to watch (0). */
  index?: number;
  /** {@link TRAFFIC_QUIET_MS}. */
  quietMs?: number;
  /** {@link MAX_PAUSE_MS}. */
  maxMs?: number;
  /** Blocks the thread for `ms` (Atomics.wait). */
  sleep?: (ms: number) => void;
  /** The clock (Date.now). */
  now?: () => number;
}

function atomicsSleep(): (ms: number) => void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  return (ms) => void Atomics.wait(sleeper, 0, 0, ms);
}

/**
 * Returns a function to call between pieces of work: it returns at once
 * when the watched word of `activity` did not change since the last call,
 * else sleeps (blocking this thread, which does nothing else) until the word
 * stays the same for the quiet time, or the longest pause passed.
 */
export function trafficPause(
  activity: Int32Array,
  options: TrafficPauseOptions = {},
): () => void {
  const index = options.index ?? 0;
  const quietMs = options.quietMs ?? TRAFFIC_QUIET_MS;
  const maxMs = options.maxMs ?? MAX_PAUSE_MS;
  const sleep = options.sleep ?? atomicsSleep();
  const now = options.now ?? Date.now;
  let seen = Atomics.load(activity, index);
  return () => {
    let word = Atomics.load(activity, index);
    if (word === seen) return;
    const until = now() + maxMs;
    do {
      seen = word;
      sleep(quietMs);
      word = Atomics.load(activity, index);
    } while (word !== seen && now() < until);
    seen = word;
  };
}
