/**
 * `agent-connector usage report | head -1`: the reader goes away before the
 * CLI has written everything. The CLI must end quietly (no stack trace on the
 * terminal) with the command's own exit code, and finish what it was doing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { cliArgv, denoDirEnv, REPO } from "./_helpers/runtime.ts";

/** Runs the CLI with its stdout closed by the reader before the first byte. */
function runWithClosedStdout(
  args: string[],
  home: string,
): Promise<{ code: number | null; stderr: string }> {
  const argv = cliArgv(...args);
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: home,
      env: { PATH: process.env.PATH ?? "", HOME: home, ...denoDirEnv() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

test("usage report into a reader that has gone away ends quietly with exit 0", async () => {
  const home = mkdtempSync(join(tmpdir(), "ac-pipe-"));
  try {
    cpSync(join(REPO, "tests/fixtures/usage/agent-kit/home"), home, { recursive: true });
    const run = await runWithClosedStdout(["usage", "report", "--by", "session"], home);
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test("a usage error still reaches stderr with exit 2 when stdout is closed", async () => {
  const home = mkdtempSync(join(tmpdir(), "ac-pipe-"));
  try {
    const run = await runWithClosedStdout(["usage", "report", "--since", "7x"], home);
    assert.match(run.stderr, /invalid --since "7x"/);
    assert.doesNotMatch(run.stderr, /EPIPE|\n\s+at /);
    assert.equal(run.code, 2);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
