/**
 * Runs a CLI child process of a chaos box that kills itself at its n-th
 * crash point (`AGENT_CONNECTOR_CRASH_AT`, io/atomic_write.ts `crashPoint`):
 * a real SIGKILL between two writes, as a crash or `kill -9` would land.
 *
 * @module
 */

import { spawn } from "node:child_process";
import process from "node:process";
import { REPO } from "../_helpers/runtime.ts";
import type { ChaosBox } from "./_box.ts";

/** How a child ended: `killed` when its crash point fired. */
export interface KillRun {
  /** True when SIGKILL ended it. */
  killed: boolean;
  /** Its exit code otherwise. */
  code: number | null;
  /** Its output, for failure messages. */
  output: string;
}

/** Runs `argv` as a CLI child of `box`, killed at crash point `at`. */
export function runKilledAt(box: ChaosBox, at: number, ...argv: string[]): Promise<KillRun> {
  const { argv: cmd, env } = box.child(...argv);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0], cmd.slice(1), {
      cwd: box.project,
      env: { ...env, AGENT_CONNECTOR_CRASH_AT: String(at) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ killed: signal === "SIGKILL", code, output }));
  });
}

/**
 * The crash points a sweep tries: `n` of them spread over the run (1, 3, 6,
 * 10, 15, …), or with `CHAOS_FULL=1` every one (the sweep ends at the first
 * point the run no longer reaches).
 */
export function crashPoints(n: number): number[] {
  if (process.env.CHAOS_FULL === "1") return Array.from({ length: 10_000 }, (_, i) => i + 1);
  return Array.from({ length: n }, (_, i) => (i + 1) * (i + 2) / 2);
}

export { REPO };

/** Runs `argv` as a CLI child of `box` to its end (no crash point). */
export function runChild(box: ChaosBox, ...argv: string[]): Promise<KillRun> {
  return runKilledAt(box, 0, ...argv);
}
