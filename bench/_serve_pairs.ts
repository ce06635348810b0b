/**
 * The 1 MiB throughput figures of serve_bench.ts, made to hold on a shared
 * 2-core machine.
 *
 * Two sessions stay open side by side, one direct and one through `serve`.
 * A pair is one burst of `calls` back-to-back 1 MiB calls on each (the
 * order alternates between pairs), a fraction of a second apiece.
 *
 * The headline figure is the throughput with every core busy, from CPU
 * time: direct's CPU per call (the client's and the server's, median over
 * the direct bursts) over the same plus serve's CPU per call while its bursts
 * were in flight (all of serve's threads, summed over every burst, then per
 * call). CPU time does not grow while a process waits for a core, so other
 * helpers' load moves it little, where it moves wall time by a factor of
 * two or more from one burst to the next (CONTROL=direct in serve_bench.ts
 * pairs direct with direct: wall ratios of 53–153 % at a load of 5). On two
 * cores with a host, a server and serve all working, the cores are the
 * bottleneck, so this is the figure a busy machine sees; on an idle machine
 * serve's threads use the free core and the wall ratio comes out higher.
 *
 * The wall-time ratio is printed beside it, taken per pair (load changes on
 * a scale of seconds, so it weighs on both bursts of a pair nearly alike)
 * with its median and interquartile range: a wide IQR says the load changed
 * faster than a pair and the wall figure means little on this run.
 *
 * Before each direct burst, serve's process is left alone until it used no
 * CPU and had no thread waiting for a core for {@link SETTLE_MS}: the work
 * it puts off until traffic pauses (tokenizing, at low priority) never lands
 * in a burst, and is printed as CPU "after the burst". (Without the second
 * condition a tokenizer starved at nice 10 on a loaded machine looked idle,
 * and its put-off work then ran inside the next served burst: 3–4 ms per
 * call "in flight" in some runs.) The figure with every core busy is also
 * given pair by pair, with its spread. Prints nothing; asserts nothing.
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import process from "node:process";

/** A session that can make one 1 MiB round trip at a time. */
export interface BurstSession {
  /** The process the session spawned (the server, or serve), for its CPU time. */
  pid: number | undefined;
  /** Makes one 1 MiB call and resolves with its answer. */
  call(): Promise<void>;
}

/** Quiet CPU time that counts as serve being idle (longer than quiet_gate.ts QUIET_MS). */
export const SETTLE_MS = 900;
/** The longest the bench waits for serve to settle. */
const SETTLE_CAP_MS = 30_000;

/** What the pairs measured. */
export interface PairFigures {
  /** serve's throughput over direct's (wall time), one per pair, sorted. */
  ratios: number[];
  /** CPU ms per 1 MiB call of the client and the server, direct (median over bursts). */
  directCpu: number;
  /**
   * The throughput ratio of a machine whose cores are all busy (this one):
   * direct's CPU per call over direct's plus serve's in flight. Both are CPU
   * times, which do not grow while a process waits for a core.
   */
  saturated: number;
  /**
   * The same ratio pair by pair (each pair's direct CPU per call against its
   * own plus serve's in its burst), sorted: its spread says how far one run's
   * {@link PairFigures.saturated} may be from the next.
   */
  saturatedByPair: number[];
  /** Direct MB/s per pair, sorted. */
  directMBps: number[];
  /** serve's CPU ms per 1 MiB call during its bursts, by thread group (means over all bursts). */
  inFlight: Map<string, number>;
  /** serve's CPU ms per 1 MiB call after its bursts, until idle (median). */
  deferred: number;
}

/** utime+stime of `pid` in ms (Linux), NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU ms of `pid` and every process under it (Linux). */
export function treeCpuMs(pid: number | undefined): number {
  let total = cpuMs(pid);
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8");
      for (const child of children.split(" ").filter(Boolean)) total += treeCpuMs(Number(child));
    }
  } catch { /* gone, or not Linux */ }
  return total;
}

/**
 * CPU ms of each thread of `pid` (Linux), by thread id, with its group: the
 * forwarding (main) thread, the tokenizer (the one thread at nice 10), the row writer (Deno
 * names worker threads `worker-N`; Node names every thread `node`, so there
 * it is counted in "other"), and the rest (the runtime's GC, compiler and I/O
 * threads). Empty elsewhere.
 */
export function threadCpuMs(pid: number | undefined): Map<string, [string, number]> {
  const out = new Map<string, [string, number]>(); // thread id → [group, ms]
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const group = tid === String(pid)
        ? "forwarding"
        : Number(f[16]) === 10
        ? "tokenizer"
        : name.startsWith("worker-")
        ? "row writer"
        : "other";
      out.set(tid, [group, taskCpuMs(`/proc/${pid}/task/${tid}`, f)]);
    }
  } catch { /* not Linux, or the process ended */ }
  return out;
}

/**
 * A thread's CPU ms: its run time in nanoseconds from `schedstat` where the
 * kernel keeps one, else utime+stime from its `stat` fields `f` (10 ms ticks:
 * too coarse for one burst of a few calls).
 */
function taskCpuMs(dir: string, f: string[]): number {
  try {
    const ns = Number(readFileSync(`${dir}/schedstat`, "utf8").split(" ")[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch { /* no schedstat */ }
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when a thread of `pid` is runnable (state R) right now (Linux). */
function waitingForCpu(pid: number | undefined): boolean {
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "R") return true;
    }
  } catch { /* gone, or not Linux */ }
  return false;
}

/**
 * Waits until `pid` used no CPU and had no runnable thread for
 * {@link SETTLE_MS}; returns the CPU ms it used meanwhile.
 */
async function settle(pid: number | undefined): Promise<number> {
  const start = cpuMs(pid);
  if (Number.isNaN(start)) return NaN;
  let last = start;
  let quietSince = performance.now();
  const cap = performance.now() + SETTLE_CAP_MS;
  while (performance.now() < cap) {
    await sleep(100);
    const now = cpuMs(pid);
    // A thread waiting for a core (the tokenizer, at nice 10 on a loaded
    // machine, can wait for seconds) has work left: not idle either.
    if (now !== last || waitingForCpu(pid)) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= SETTLE_MS) break;
  }
  return last - start;
}

/** Wall ms and CPU ms (this process, the client, plus the session's processes) of a burst. */
async function burst(session: BurstSession, calls: number): Promise<[number, number]> {
  const cpu0 = cpuMs(process.pid) + treeCpuMs(session.pid);
  const t = performance.now();
  for (let i = 0; i < calls; i++) await session.call();
  const ms = performance.now() - t;
  return [ms, cpuMs(process.pid) + treeCpuMs(session.pid) - cpu0];
}

/** The `p` quantile of sorted `xs`. */
export function quantile(xs: readonly number[], p: number): number {
  return xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
}

/**
 * Runs `pairs` pairs of `calls`-call bursts on `direct` and `served`
 * (alternating which goes first) and returns the per-pair ratios.
 */
export async function runPairs(
  direct: BurstSession,
  served: BurstSession,
  opts: { pairs: number; calls: number },
): Promise<PairFigures> {
  const ratios: number[] = [];
  const directMBps: number[] = [];
  const directCpu: number[] = [];
  const inFlight = new Map<string, number>(); // CPU ms summed over every served burst
  const deferred: number[] = [];
  const saturatedByPair: number[] = [];
  const MB = (2 * opts.calls * 1024 * 1024) / 1e6; // 1 MiB out and 1 MiB back per call
  await settle(served.pid); // the warm-up's put-off work
  for (let p = 0; p < opts.pairs; p++) {
    let d: [number, number] = [NaN, NaN];
    let s: [number, number] = [NaN, NaN];
    let pairServe = 0; // serve's CPU in this pair's burst, all threads
    for (const which of p % 2 === 0 ? [direct, served] : [served, direct]) {
      if (which === direct) {
        d = await burst(direct, opts.calls);
        continue;
      }
      const before = threadCpuMs(served.pid);
      s = await burst(served, opts.calls);
      // Per thread, in the group it is in after the burst (the tokenizer
      // lowers its priority only once it started).
      for (const [tid, [group, ms]] of threadCpuMs(served.pid)) {
        const used = ms - (before.get(tid)?.[1] ?? 0);
        inFlight.set(group, (inFlight.get(group) ?? 0) + used);
        pairServe += used;
      }
      // serve's put-off work runs now, never during a direct burst.
      deferred.push((await settle(served.pid)) / opts.calls);
    }
    if (process.env.PAIRS_LOG) {
      console.error(
        `pair ${p}: wall ${d[0].toFixed(0)} / ${s[0].toFixed(0)} ms, ` +
          `CPU ${d[1].toFixed(0)} / ${s[1].toFixed(0)} ms (direct / served)`,
      );
    }
    ratios.push(d[0] / s[0]);
    directMBps.push(MB / (d[0] / 1000));
    directCpu.push(d[1] / opts.calls);
    saturatedByPair.push(d[1] / (d[1] + pairServe));
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  // Sums over all bursts, then per call: a tick of /proc is 10 ms.
  const perCall = [...inFlight].sort().map(([g, ms]) => [g, ms / (opts.pairs * opts.calls)]);
  const serveCpu = perCall.reduce((sum, [, ms]) => sum + (ms as number), 0);
  const direct1 = quantile(sorted(directCpu), 0.5);
  return {
    ratios: sorted(ratios),
    directCpu: direct1,
    saturated: direct1 / (direct1 + serveCpu),
    saturatedByPair: sorted(saturatedByPair),
    directMBps: sorted(directMBps),
    inFlight: new Map(perCall as Array<[string, number]>),
    deferred: quantile(sorted(deferred), 0.5),
  };
}

/** Two lines: the figures, then serve's CPU in flight (by thread) and after. */
export function describePairs(label: string, f: PairFigures, calls: number): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
  const q = (p: number) => pct(quantile(f.ratios, p));
  const total = [...f.inFlight.values()].reduce((a, b) => a + b, 0);
  const groups = [...f.inFlight].map(([g, ms]) => `${g} ${ms.toFixed(1)}`).join(", ");
  const byPair = (p: number) => pct(quantile(f.saturatedByPair, p));
  return `  ${label}, ${f.ratios.length} pairs of ${calls}-call bursts: serve at ` +
    `${pct(f.saturated)} of direct throughput with every core busy (direct ` +
    `${f.directCpu.toFixed(0)} ms CPU per 1 MiB call, serve ${total.toFixed(1)} ms more), ` +
    `${q(0.5)} by wall time (IQR ${q(0.25)}–${q(0.75)}; direct ` +
    `${quantile(f.directMBps, 0.5).toFixed(0)} MB/s)\n` +
    `    with every core busy, pair by pair: median ${byPair(0.5)} over ` +
    `${f.saturatedByPair.length} pairs, IQR ${byPair(0.25)}–${byPair(0.75)}, ` +
    `range ${byPair(0)}–${byPair(1)}\n` +
    `    serve's CPU per 1 MiB call: ${total.toFixed(1)} ms in flight (${groups || "-"}), ` +
    `${f.deferred.toFixed(1)} ms after the burst (tokenizing, at low priority)`;
}
