/**
 * Runs a child process and measures it: wall time, and CPU time (user and
 * system apart) and minor page faults from `wait4`'s rusage through python3
 * (microseconds) where present, else `/usr/bin/time` (10 ms steps). On a
 * loaded machine a cold start's wall time mostly measures waiting for a core;
 * CPU time stays steadier.
 *
 * Read the user/system split as a sample, not a measurement: a kernel with
 * tick-based CPU accounting (`CONFIG_TICK_CPU_ACCOUNTING`, most distribution
 * and VM kernels) charges each whole tick (4 ms at `HZ=250`) to whichever
 * mode the tick lands in, then scales the split so it sums to the exact
 * runtime. A cold start of ~35 ticks has a split that swings by ±10 ms run to
 * run; the sum is exact. Medians over many runs still show a real shift,
 * page faults (counted, not sampled) show one at once.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const WAIT4 = "import os,subprocess,sys\n" +
  "p=subprocess.Popen(sys.argv[1:])\n" +
  "_,st,ru=os.wait4(p.pid,0)\n" +
  "sys.stderr.write('@@%.6f %.6f %d\\n'%(ru.ru_utime,ru.ru_stime,ru.ru_minflt))\n" +
  "sys.exit(os.waitstatus_to_exitcode(st))\n";

/** The wrapper that reports a child's CPU time, or undefined when none is available. */
export const CPU_WRAPPER: string[] | undefined =
  spawnSync("python3", ["-c", "import os; os.wait4"]).status === 0
    ? ["python3", "-c", WAIT4]
    : existsSync("/usr/bin/time")
    ? ["/usr/bin/time", "-f", "@@%U %S %R"]
    : undefined;

/** One measured run of a child process. */
export interface ChildRun {
  /** Wall time in milliseconds. */
  ms: number;
  /** CPU time (user + system) in milliseconds, when measurable. */
  cpuMs?: number;
  /** User-mode CPU time in milliseconds, when measurable (a tick-sampled share of `cpuMs`). */
  userMs?: number;
  /** Kernel-mode CPU time in milliseconds, when measurable (a tick-sampled share of `cpuMs`). */
  sysMs?: number;
  /** Minor page faults (each a kernel entry; a cold start's main kernel cost), when measurable. */
  minorFaults?: number;
  /** The exit status. */
  status: number | null;
  /** Standard output. */
  stdout: string;
  /** Standard error, without the CPU-time line. */
  stderr: string;
}

/** Runs `argv` to completion and measures it. */
export function timeChild(
  argv: string[],
  opts: { input?: string; env?: Record<string, string | undefined>; cwd?: string } = {},
): ChildRun {
  const cmd = CPU_WRAPPER ? [...CPU_WRAPPER, ...argv] : argv;
  const start = performance.now();
  const r = spawnSync(cmd[0], cmd.slice(1), {
    input: opts.input ?? "",
    env: opts.env as Record<string, string>,
    cwd: opts.cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  const used = /@@([\d.]+) ([\d.]+) (\d+)\n?/.exec(r.stderr);
  return {
    ms,
    cpuMs: used ? (Number(used[1]) + Number(used[2])) * 1000 : undefined,
    userMs: used ? Number(used[1]) * 1000 : undefined,
    sysMs: used ? Number(used[2]) * 1000 : undefined,
    minorFaults: used ? Number(used[3]) : undefined,
    status: r.status,
    stdout: r.stdout,
    stderr: used ? r.stderr.replace(used[0], "") : r.stderr,
  };
}

/** The median of `xs`. */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
