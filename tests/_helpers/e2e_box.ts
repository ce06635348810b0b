/**
 * Shared steps of the per-host end-to-end tests: a temporary HOME and
 * project seeded with a user's real files, the CLI run in-process, and the
 * hook commands written into a host file run the way the host runs them
 * (through a shell, payload on stdin).
 *
 * @module
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parse } from "jsonc-parser";
import { type CliRun, runCliCaptured } from "./cli.ts";
import { listDirs, snapshotTree } from "./tree.ts";
import { denoDirEnv, REPO } from "./runtime.ts";

/** A seeded sandbox. */
export interface Box {
  /** Its root (removed by `dispose`). */
  base: string;
  /** The temporary HOME. */
  home: string;
  /** The temporary project. */
  project: string;
  /** Runs the CLI against this HOME and project. */
  cli(argv: string[], env?: Record<string, string>): Promise<CliRun>;
  /** Removes the sandbox. */
  dispose(): void;
}

/** A HOME and project seeded from tests/fixtures/hosts/<host>/seed-{home,project}. */
export function seededBox(host: string): Box {
  const base = mkdtempSync(join(tmpdir(), `ac-e2e-${host}-`));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  const seeds = join(REPO, "tests", "fixtures", "hosts", host);
  cpSync(join(seeds, "seed-home"), home, { recursive: true });
  cpSync(join(seeds, "seed-project"), project, { recursive: true });
  return {
    base,
    home,
    project,
    cli: (argv, env = {}) =>
      runCliCaptured(argv, {
        home,
        // The shared Deno cache, so a launcher doctor runs does not fill HOME.
        env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv(), ...env },
        cwd: project,
        os: "linux",
      }),
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** Every file and folder of the sandbox (data root aside), for byte-exact comparisons. */
export interface BoxSnapshot {
  /** Files by path (`home/…`, `project/…`) → bytes as latin1 text. */
  files: Map<string, string>;
  /** Folders. */
  dirs: string[];
}

/** Snapshots the sandbox. */
export function snapshotBox(box: Box): BoxSnapshot {
  const skip = [".agent-connector"];
  const files = new Map<string, string>();
  for (const [p, t] of snapshotTree(box.home, skip)) files.set(`home/${p}`, t);
  for (const [p, t] of snapshotTree(box.project)) files.set(`project/${p}`, t);
  return {
    files,
    dirs: [
      ...listDirs(box.home, skip).map((d) => `home/${d}`),
      ...listDirs(box.project).map((d) => `project/${d}`),
    ],
  };
}

/** Asserts the sandbox is byte for byte as `before`, one file at a time (small diffs). */
export function assertSameBox(box: Box, before: BoxSnapshot): void {
  const now = snapshotBox(box);
  assert.deepEqual(
    [...now.files.keys()].sort(),
    [...before.files.keys()].sort(),
    "the set of files",
  );
  for (const [path, bytes] of before.files) {
    assert.ok(now.files.get(path) === bytes, `${path} changed`);
  }
  assert.deepEqual(now.dirs, before.dirs, "the set of folders");
}

/** Our hook commands in a JSON hook file: native event → command line. */
export function ourHookCommands(file: string, connectorId: string): Map<string, string> {
  const doc = parse(readFileSync(file, "utf8")) as { hooks?: Record<string, unknown[]> };
  const out = new Map<string, string>();
  for (const [event, list] of Object.entries(doc.hooks ?? {})) {
    for (const item of list as Array<Record<string, unknown>>) {
      const flat = [item, ...((item.hooks as Array<Record<string, unknown>>) ?? [])];
      for (const entry of flat) {
        const command = entry.command ?? entry.bash;
        if (typeof command === "string" && command.includes(`--connector ${connectorId}`)) {
          out.set(event, command);
        }
      }
    }
  }
  return out;
}

/** What a hook command did. */
export interface HookRun {
  /** Exit code. */
  code: number | null;
  /** Parsed stdout JSON, or undefined when it printed nothing. */
  json?: unknown;
  /** Raw stdout. */
  stdout: string;
  /** Raw stderr. */
  stderr: string;
}

/** Runs a hook command as a host does: through `sh -c`, payload on stdin. */
export function runHookCommand(
  box: Box,
  command: string,
  payload: unknown,
  env: Record<string, string> = {},
): HookRun {
  const r = spawnSync("sh", ["-c", command], {
    input: typeof payload === "string" ? payload : JSON.stringify(payload),
    encoding: "utf8",
    env: { HOME: box.home, PATH: process.env.PATH ?? "", ...denoDirEnv(), ...env },
  });
  const stdout = r.stdout ?? "";
  return {
    code: r.status,
    stdout,
    stderr: r.stderr ?? "",
    json: stdout.trim() ? JSON.parse(stdout) : undefined,
  };
}

/** The `+`/`!`/`=` lines of an install report, summary and home-binary lines aside. */
export function reportLines(run: CliRun): string[] {
  return run.stdout.trim().split("\n").filter((l) =>
    /^[+~\-=!] /.test(l) && !/^. agent-connector {2}/.test(l)
  );
}

/** Asserts a second install wrote nothing: only `=`, or the first install's own `!` notes. */
export function assertOnlySkips(first: CliRun, second: CliRun): void {
  const notes = new Set(reportLines(first).filter((l) => l.startsWith("!")));
  for (const line of reportLines(second)) {
    assert.ok(line.startsWith("=") || notes.has(line), `second install: ${line}`);
  }
  assert.match(second.stdout, /0 created, 0 updated, 0 removed/);
}
