/**
 * The `usage` re-scan of bench/usage_bench.ts on Node, the way most users run
 * it (`npx @ken-jo/agent-connector usage report`): the npm build
 * (scripts/build_npm.ts) into a temp folder, its dependencies installed
 * (`npm install --omit=dev`; without them the generated hosts still read),
 * a first run keeping cursors, then interleaved runs of the no-change
 * re-scan, the same CLI's `--version` and Node's empty script (`node -e 0`),
 * compared by their CPU-time medians, as the Deno re-scan is.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { buildNpm } from "../scripts/build_npm.ts";

/** One measured run (CPU seconds, when measurable). */
export interface CpuRun {
  /** User + system CPU seconds. */
  cpu?: number;
  /** Whether it exited 0. */
  ok: boolean;
  /** Standard output. */
  stdout: string;
  /** Standard error. */
  stderr: string;
}

/** What the Node re-scan measured: medians of the same interleaved runs (seconds). */
export interface NodeRescan {
  /** The Node version. */
  version: string;
  /** The first run's output (to check its totals). */
  first: CpuRun;
  /** The no-change re-scan. */
  rescan: number;
  /** `agent-connector --version`. */
  start: number;
  /** `node -e 0`. */
  empty: number;
}

/**
 * Builds the npm package under `root`, runs it on `home`'s logs with the
 * data root `data`, and measures `runs` interleaved rounds; undefined when
 * Node is not on PATH. `measure` runs a command with an env and times it.
 */
export function nodeRescan(
  root: string,
  home: string,
  data: string,
  runs: number,
  measure: (cmd: string, args: string[], env: Record<string, string>) => CpuRun,
): NodeRescan | undefined {
  const version = spawnSync("node", ["--version"], { encoding: "utf8" });
  if (version.status !== 0) return undefined;
  const { outDir } = buildNpm(undefined, join(root, "npm"));
  spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--silent"], {
    cwd: outDir,
    encoding: "utf8",
    timeout: 300_000,
  });
  const main = join(outDir, "cli", "main.js");
  const env = { HOME: home, AGENT_CONNECTOR_DATA_DIR: data };
  const report = () => measure("node", [main, "usage", "report", "--json"], env);
  const first = report();
  report(); // the first re-scan keeps the walks the first run could not (folders it saw change)
  const rescans: number[] = [];
  const starts: number[] = [];
  const empties: number[] = [];
  for (let i = 0; i < runs; i++) {
    rescans.push(report().cpu ?? NaN);
    starts.push(measure("node", [main, "--version"], env).cpu ?? NaN);
    empties.push(measure("node", ["-e", "0"], { HOME: process.env.HOME ?? home }).cpu ?? NaN);
  }
  return {
    version: version.stdout.trim(),
    first,
    rescan: median(rescans),
    start: median(starts),
    empty: median(empties),
  };
}

function median(xs: number[]): number {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
}
