/**
 * Counts the instructions a child process executes in user space, every
 * thread summed, under valgrind's callgrind (`--collect-atstart=yes`). On a
 * machine shared with other work a cold start's CPU time swings by tens of
 * milliseconds; its instruction count moves by under 1 %. It misses the
 * kernel's share (execve, page faults), so benchmarks print it beside CPU
 * time, not instead of it. A child that execs another (the home-binary
 * launcher) is followed; the count is the last program's.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** True when valgrind is on PATH. */
export const HAS_VALGRIND: boolean = spawnSync("valgrind", ["--version"]).status === 0;

/** One counted run: user-space instructions (all threads), exit status and output. */
export interface CountedRun {
  /** Instructions executed, summed over the `totals:` lines of every thread's output. */
  instructions: number;
  /** The exit status. */
  status: number | null;
  /** Standard output. */
  stdout: string;
  /** Standard error, valgrind's own lines included. */
  stderr: string;
}

/** Runs `argv` to completion under callgrind and counts its instructions. */
export function countInstructions(
  argv: string[],
  opts: { input?: string; env?: Record<string, string | undefined>; cwd?: string } = {},
): CountedRun {
  const dir = mkdtempSync(join(tmpdir(), "ac-cg-"));
  try {
    const r = spawnSync("valgrind", [
      "--tool=callgrind",
      "--collect-atstart=yes",
      "--trace-children=yes",
      `--callgrind-out-file=${join(dir, "cg.%p")}`,
      ...argv,
    ], {
      input: opts.input ?? "",
      env: opts.env as Record<string, string>,
      cwd: opts.cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    let instructions = 0;
    for (const f of readdirSync(dir)) {
      const m = /^totals:\s+(\d+)/m.exec(readFileSync(join(dir, f), "utf8"));
      if (m) instructions += Number(m[1]);
    }
    return { instructions, status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
