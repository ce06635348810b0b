/**
 * Building blocks for a host's end-to-end test when the one-call lifecycle
 * of `host_e2e.ts` does not fit (hooks as scripts or a plugin, mcp-only
 * hosts, several scopes in one box): a temporary HOME and
 * project seeded with a user's real files, the CLI run in-process against
 * them, hook commands run the way hosts run them (through a shell, payload on
 * stdin), and the assertions every host shares — a second install reports
 * only `=`, an uninstall gives every pre-existing file back byte for byte and
 * removes every folder it created.
 *
 * @module
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { type CliRun, runCliCaptured } from "./cli.ts";
import { listDirs, snapshotTree } from "./tree.ts";
import { payloadFixtures } from "./payloads.ts";
import { denoDirEnv, REPO } from "./runtime.ts";

const DATA = ".agent-connector";

/** A seeded HOME and project, with what they held before the install. */
export interface HostBox {
  /** The temporary HOME. */
  home: string;
  /** The temporary project. */
  project: string;
  /** Runs the CLI there. */
  cli(...args: string[]): Promise<CliRun>;
  /** Runs a hook command line through `sh -c` with `stdin`, as hosts do. */
  hook(command: string, stdin: string, env?: Record<string, string>): HookRun;
  /** Asserts HOME and project hold exactly what they held before the install. */
  assertRestored(): void;
  /** Removes everything. */
  done(): void;
}

/** What a hook process did. */
export interface HookRun {
  /** Exit code. */
  code: number | null;
  /** stdout. */
  stdout: string;
  /** stderr. */
  stderr: string;
}

/** The path of a fixture connector. */
export function fixtureConnector(name: string): string {
  return join(REPO, "tests", "fixtures", "connectors", name);
}

/** A payload fixture's `input` as stdin text (`tests/fixtures/payloads/<host>/<native>.json`). */
export function payload(host: string, native: string, patch: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...payloadFixtures(host)[native].input, ...patch });
}

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** Creates a HOME and project seeded with `home` and `project` files (relative path → text). */
export function hostBox(
  seed: { home?: Record<string, string>; project?: Record<string, string> } = {},
): HostBox {
  const base = mkdtempSync(join(tmpdir(), "ac-e2e-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  write(home, seed.home ?? {});
  write(project, seed.project ?? {});
  const before = [snapshotTree(home), snapshotTree(project)];
  const dirs = [listDirs(home), listDirs(project)];
  return {
    home,
    project,
    cli: (...args) =>
      runCliCaptured(args, {
        home,
        // The real Deno cache, as a user's shell has it (doctor runs the home binary).
        env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
        cwd: project,
      }),
    hook(command, stdin, env = {}) {
      const r = spawnSync("sh", ["-c", command], {
        input: stdin,
        encoding: "utf8",
        cwd: project,
        env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv(), ...env },
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    assertRestored() {
      // File by file, so a difference names its file instead of diffing whole trees.
      for (
        const [now, then, where] of [
          [snapshotTree(home, [DATA]), before[0], "HOME"],
          [snapshotTree(project), before[1], "project"],
        ] as const
      ) {
        assert.deepEqual([...now.keys()].sort(), [...then.keys()].sort(), `${where}: the files`);
        for (const [rel, text] of then) {
          assert.ok(now.get(rel) === text, `${where}/${rel} is not byte-identical`);
        }
      }
      assert.deepEqual(
        [listDirs(home, [DATA]), listDirs(project)],
        dirs,
        "created folders removed",
      );
    },
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

/**
 * Asserts an install printed only `+`/`~` lines and the given `!` lines;
 * on stderr nothing but `note:` lines (where the id came from, and such).
 */
export function assertInstalled(run: CliRun, allowedWarnings: RegExp[] = []): void {
  const stderr = run.stderr.split("\n").filter((l) => l && !l.startsWith("note: "));
  assert.deepEqual(stderr, [], run.stderr);
  for (const line of run.stdout.trim().split("\n").slice(0, -1)) {
    if (line.startsWith("!")) {
      assert.ok(allowedWarnings.some((p) => p.test(line)), `unexpected warning: ${line}`);
    } else assert.match(line, /^[+~=] /, line);
  }
}

/** Asserts a re-install changed nothing: every line `=` or a soft `!` note. */
export function assertUnchanged(run: CliRun): void {
  for (const line of run.stdout.trim().split("\n").slice(0, -1)) {
    assert.ok(line.startsWith("=") || line.startsWith("!"), `second install: ${line}`);
  }
  assert.match(run.stdout.trim().split("\n").at(-1)!, /0 created, 0 updated, 0 removed/);
}
