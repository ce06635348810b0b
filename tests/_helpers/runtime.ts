/**
 * Runs the real CLI entry as a child process, the way a host does, for the
 * runtime entrypoint tests.
 *
 * @module
 */

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO: string = fileURLToPath(new URL("../../", import.meta.url));

/** The CLI entry of this checkout. */
export const CLI_MAIN: string = join(REPO, "cli", "main.ts");

/** What a child process produced. */
export interface ProcessRun {
  /** Exit code. */
  code: number | null;
  /** stdout. */
  stdout: string;
  /** stderr. */
  stderr: string;
}

/** Runs `argv` (a full command line) with `stdin`, returning its output. */
export function runProcess(
  argv: string[],
  opts: { stdin?: string; env?: Record<string, string>; cwd?: string } = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: opts.cwd ?? REPO,
      env: { PATH: process.env.PATH ?? "", ...denoDirEnv(), ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? "");
  });
}

/**
 * `deno run -A cli/main.ts …` on the running runtime (Deno); with
 * `AC_TEST_NODE_ENTRY` set to a built `npm/cli/main.js`, `node <that> …`, so
 * the entrypoint suites (hook matrices) run against the npm build too.
 */
export function cliArgv(...args: string[]): string[] {
  const nodeEntry = process.env.AC_TEST_NODE_ENTRY;
  if (nodeEntry) return ["node", nodeEntry, ...args];
  return [process.execPath, "run", "-A", "--quiet", CLI_MAIN, ...args];
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * A data root (a new temp folder unless `root` is given) with one connector
 * record pointing at `modulePath`; `extra` adds or overrides record fields.
 */
export function registerFixture(
  id: string,
  modulePath: string,
  extra: Record<string, unknown> = {},
  root: string = mkdtempSync(join(tmpdir(), "ac-rt-")),
): string {
  mkdirSync(join(root, "connectors", id), { recursive: true });
  writeFileSync(
    join(root, "connectors", id, "connector.json"),
    JSON.stringify({
      id,
      displayName: id,
      version: "1.0.0",
      frameworkVersion: "0.0.0",
      modulePath,
      telemetry: { enabled: false },
      installedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      ...extra,
    }),
  );
  return root;
}

/**
 * Keeps Deno's cache where the test runner's is when a child runs under a
 * temporary HOME (Deno keeps it in $HOME/.cache/deno by default).
 */
export function denoDirEnv(): Record<string, string> {
  const dir = process.env.DENO_DIR ??
    (process.env.HOME ? join(process.env.HOME, ".cache", "deno") : undefined);
  return dir ? { DENO_DIR: dir } : {};
}
