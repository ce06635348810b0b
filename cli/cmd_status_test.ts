import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";

/** A HOME where Claude Code is installed (a `~/.claude` folder). */
function claudeHome(): { home: string; done: () => void } {
  const home = mkdtempSync(join(tmpdir(), "ac-status-"));
  mkdirSync(join(home, ".claude"));
  return { home, done: () => rmSync(home, { recursive: true, force: true }) };
}

test("status with an unknown flag is a usage error: exit 2, one message, nothing on stdout", async () => {
  const { home, done } = claudeHome();
  try {
    const run = await runCliCaptured(["status", "--bogus"], { home, env: { HOME: home } });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      'agent-connector: status: unknown flag "--bogus"\n' +
        'Run "agent-connector status --help" for usage.\n',
    );
  } finally {
    done();
  }
});

test("status that cannot load the named connector says why, exits 0, and does not claim no host is installed", async () => {
  const { home, done } = claudeHome();
  try {
    const missing = join(home, "gone", "agent-connector.config.mjs");
    const run = await runCliCaptured(["status", "--connector", missing], {
      home,
      env: { HOME: home },
      cwd: home,
    });
    assert.equal(run.code, 0);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /^agent-connector: .*gone/);
    assert.equal(run.stderr.trim().split("\n").length, 1);
  } finally {
    done();
  }
});
