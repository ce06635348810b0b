/**
 * The lab's record of its last run: per host, its version and each check's outcome,
 * written as JSON in the checkout's `.tmp/` so the coverage table (`coverage.ts`) is made
 * from what really ran, never by hand.
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { REPO_ROOT } from "./_paths.ts";

/** One check's outcome: `pass`, or `fail`/`skip` with why. */
export interface Outcome {
  /** What happened. */
  status: "pass" | "fail" | "skip";
  /** The failure message or skip reason. */
  detail?: string;
}

/** One host's last run. */
export interface HostRecord {
  /** The pinned version run. */
  version: string;
  /** When it ran (ISO time). */
  ranAt: string;
  /** Wall time of the host's scenarios, ms. */
  ms?: number;
  /** Each check's outcome. */
  checks: Record<string, Outcome>;
}

/**
 * The results file: `AGENT_CONNECTOR_LAB_RESULTS`, else `.tmp/lab-last-run.json` in this
 * checkout (git ignores `.tmp/`), so two checkouts on one machine never mix their runs.
 */
export function resultsPath(env: Record<string, string | undefined> = process.env): string {
  return env.AGENT_CONNECTOR_LAB_RESULTS ?? join(REPO_ROOT, ".tmp", "lab-last-run.json");
}

/** Reads the last run's records (empty when there is none). */
export function readResults(path: string = resultsPath()): Record<string, HostRecord> {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
}

/** Replaces one host's record in the results file, keeping the others. */
export function writeHostRecord(
  id: string,
  record: HostRecord,
  path: string = resultsPath(),
): void {
  const all = readResults(path);
  all[id] = record;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(all, null, 2) + "\n");
}
