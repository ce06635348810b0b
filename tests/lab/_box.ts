/**
 * One host run's sandbox: a fresh HOME and project under a temp folder, an environment
 * with nothing of the caller's but PATH and the Deno cache, and process runners that
 * never block the event loop (the mock model answers from this same process). Every
 * process's output is written into the box's `logs/` folder; the box is removed when
 * the host's scenarios passed and kept, its path printed, when one failed.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { REPO_ROOT } from "./_paths.ts";

/** The result of one process run. */
export interface Run {
  /** Exit code (`null` when killed). */
  code: number | null;
  /** Stdout text. */
  stdout: string;
  /** Stderr text. */
  stderr: string;
  /** Wall time in milliseconds. */
  ms: number;
  /** True when the run hit its timeout and was killed. */
  timedOut: boolean;
}

/** A host run's sandbox. */
export interface Box {
  /** The temp root holding everything below. */
  base: string;
  /** The HOME the CLI and the host see. */
  home: string;
  /** The project (working directory). */
  project: string;
  /** Where each run's stdout/stderr goes. */
  logs: string;
  /** The environment every process gets. */
  env: Record<string, string>;
  /** Set when a scenario failed: the box is kept. */
  failed: boolean;
}

function denoDir(): string {
  return process.env.DENO_DIR ?? join(process.env.HOME ?? "/root", ".cache", "deno");
}

/** Makes a fresh box for host `id`. */
export function makeBox(id: string): Box {
  const base = mkdtempSync(join(tmpdir(), `ac-lab-${id}-`));
  const home = join(base, "home");
  const project = join(base, "project");
  const logs = join(base, "logs");
  for (const d of [home, project, logs]) mkdirSync(d);
  // Processes a host starts may get a filtered environment (Codex passes MCP servers a
  // short list), so the Deno cache is reached through HOME as well as DENO_DIR.
  mkdirSync(join(home, ".cache"));
  symlinkSync(denoDir(), join(home, ".cache", "deno"));
  const env: Record<string, string> = {
    HOME: home,
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    DENO_DIR: denoDir(),
    DENO_NO_UPDATE_CHECK: "1",
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    TERM: "dumb",
    TMPDIR: tmpdir(),
  };
  return { base, home, project, logs, env, failed: false };
}

/** Removes the box, or keeps it and prints where when a scenario failed. */
export function closeBox(box: Box): void {
  if (box.failed || process.env.AGENT_CONNECTOR_LAB_KEEP === "1") {
    console.error(`lab: kept ${box.base} (logs/ has every run's stdout and stderr)`);
    return;
  }
  rmSync(box.base, { recursive: true, force: true });
}

let seq = 0;

/**
 * Runs `argv` in the box's project, with the box env plus `env`, stdin closed, killed
 * (its whole process group) after `timeoutMs`. Output is saved as `logs/<label>.*`.
 */
export function runIn(
  box: Box,
  label: string,
  argv: string[],
  env: Record<string, string> = {},
  timeoutMs = 90_000,
): Promise<Run> {
  const started = performance.now();
  const name = `${String(++seq).padStart(2, "0")}-${label}`;
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: box.project,
      env: { ...box.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d) => stdout += d);
    child.stderr.on("data", (d) => stderr += d);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch { /* already gone */ }
    }, timeoutMs);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      writeFileSync(join(box.logs, `${name}.out`), stdout);
      writeFileSync(
        join(box.logs, `${name}.err`),
        `$ ${argv.join(" ")}\n# exit ${code} in ${ms} ms${
          timedOut ? " (timed out)" : ""
        }\n${stderr}`,
      );
      resolve({ code, stdout, stderr, ms, timedOut });
    };
    child.on("error", (err) => {
      stderr += String(err);
      finish(null);
    });
    child.on("close", finish);
  });
}

/** Runs our CLI from this worktree's source in the box. */
export function runCli(box: Box, label: string, ...args: string[]): Promise<Run> {
  return runCliWith(box, label, {}, args);
}

/** Runs our CLI in the box with `env` added (a host's CLI on PATH, say). */
export function runCliWith(
  box: Box,
  label: string,
  env: Record<string, string>,
  args: string[],
): Promise<Run> {
  return runIn(box, label, [
    process.execPath,
    "run",
    "-A",
    "--quiet",
    join(REPO_ROOT, "cli", "main.ts"),
    ...args,
  ], env);
}
