/**
 * A slow handler (one that would answer, only too late) is abandoned before
 * the host's own timeout: exit 0, no reply (fail-open, spec §2.3), instead of
 * a host killing the process and showing the user a hook error.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hookDeadlineMs, hookEntry } from "../runtime/hook_main.ts";
import { cliArgv, registerFixture, REPO, runProcess } from "./_helpers/runtime.ts";

const MODULE = join(REPO, "tests", "fixtures", "connectors", "decisions.mjs");
const root = registerFixture("decisions", MODULE);
const scratch = mkdtempSync(join(tmpdir(), "ac-late-"));
after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

test("a handler slower than Claude Code's SessionEnd budget is abandoned: exit 0, no reply, never finished", async () => {
  const late = join(scratch, "session-end");
  const run = await runProcess(
    cliArgv("hook", "claude-code", "SessionEnd", "--connector", "decisions"),
    {
      stdin: JSON.stringify({
        session_id: "s1",
        hook_event_name: "SessionEnd",
        reason: "exit",
        test_decision: "slow",
        test_late: late,
      }),
      env: { HOME: root, AGENT_CONNECTOR_DATA_DIR: root },
    },
  );
  assert.deepEqual(run, { code: 0, stdout: "", stderr: "" });
  assert.equal(existsSync(late), false, "the process ended before the handler did");
});

/** The entry in-process, `spent` ms after its process started, with `abandon` recorded. */
async function entryAfter(event: string, spent: number, env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  let abandoned = 0;
  const code = await hookEntry(["claude-code", event, "--connector", "decisions"], {
    readStdin: () =>
      Promise.resolve(JSON.stringify({
        session_id: "s2",
        hook_event_name: event,
        prompt: "hi",
        test_decision: "slow",
      })),
    out: (t) => Promise.resolve(void (stdout += t)),
    err: (t) => Promise.resolve(void (stderr += t)),
    readText: (path) => existsSync(path) ? readFileSync(path, "utf8") : undefined,
    env: { AGENT_CONNECTOR_DATA_DIR: root, ...env },
    home: root,
    sep: "/",
    startedAt: performance.now() - spent,
    abandon: () => void abandoned++,
  });
  return { code, stdout, stderr, abandoned };
}

test("a context reply that comes after the host's budget is dropped, and debug logging says why", async () => {
  // UserPromptSubmit: 30 s on Claude Code; 29.5 s already spent starting up.
  assert.deepEqual(await entryAfter("UserPromptSubmit", 29_500), {
    code: 0,
    stdout: "",
    stderr: "",
    abandoned: 1,
  });
  const debug = await entryAfter("UserPromptSubmit", 29_500, { AGENT_CONNECTOR_LOG: "debug" });
  assert.deepEqual([debug.code, debug.stdout, debug.abandoned], [0, "", 1]);
  assert.match(
    debug.stderr,
    /^agent-connector: decisions UserPromptSubmit handler was still running after \d+ ms of claude-code's 30000 ms hook timeout; the host got no reply\n$/,
  );
});

test("a handler inside its budget still answers", async () => {
  const got = await entryAfter("UserPromptSubmit", 0);
  assert.equal(got.abandoned, 0);
  assert.equal(JSON.parse(got.stdout).hookSpecificOutput.additionalContext, "late context");
});

test("each host's documented hook timeout sets the deadline, with a margin for the process to end", async () => {
  const cases: Array<[string, string, number]> = [
    ["claude-code", "PreToolUse", 599_000],
    ["claude-code", "UserPromptSubmit", 29_000],
    ["claude-code", "SessionEnd", 1_200],
    ["codex", "Stop", 599_000],
    ["codex", "SessionEnd", 800],
    ["vscode-copilot", "PreToolUse", 29_000],
    ["copilot-cli", "PreToolUse", 29_000],
    ["gemini-cli", "PreToolUse", 59_000],
    // A host whose default is not documented gets the shortest documented one.
    ["droid", "PreToolUse", 29_000],
  ];
  for (const [platform, event, ms] of cases) {
    assert.equal(await hookDeadlineMs(platform, event), ms, `${platform} ${event}`);
  }
});
