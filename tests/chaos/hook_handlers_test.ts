/**
 * A connector's handlers are user code running inside our hook process
 * (#19 item 6). Whatever they do — leave a timer running, call
 * `process.exit`, print with `console`, get an empty or broken payload, face
 * a host that never closes stdin — the host gets our reply or none, on
 * stdout and nothing else, with exit 0 (fail-open, spec §2.3).
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { hookDeadlineMs, hookEntry } from "../../runtime/hook_main.ts";
import { cliArgv, denoDirEnv, registerFixture, REPO } from "../_helpers/runtime.ts";

const MODULE = join(REPO, "tests", "fixtures", "connectors", "misbehave.mjs");
const root = registerFixture("misbehave", MODULE);
after(() => rmSync(root, { recursive: true, force: true }));

/** What a hook child produced; `code` is null when the guard had to kill it. */
interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `hook claude-code <event>` as a host does, writing `stdin` (or what
 * `stdin` feeds through its `write`); the pipe is closed after it unless
 * `keepOpen`. A child still running after the guard (far longer than any
 * answer takes) is killed: its code is then null.
 */
function hook(
  event: string,
  stdin: string | ((write: (text: string) => void) => void),
  keepOpen = false,
): Promise<HookRun> {
  const argv = cliArgv("hook", "claude-code", event, "--connector", "misbehave");
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? "",
        ...denoDirEnv(),
        HOME: root,
        AGENT_CONNECTOR_DATA_DIR: root,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("close", (code) => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve({ code, stdout, stderr });
    });
    child.stdin.on("error", () => {});
    if (typeof stdin === "function") stdin((text) => child.stdin.write(text));
    else if (keepOpen) child.stdin.write(stdin);
    else child.stdin.end(stdin);
  });
}

/** A Claude Code PreToolUse payload asking the fixture for `testCase`. */
function payload(testCase: string): string {
  return JSON.stringify({
    session_id: "s1",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    test_case: testCase,
  });
}

test("a handler that leaves a timer running: the process exits once the reply is written", async () => {
  const run = await hook("PreToolUse", payload("interval"));
  assert.equal(run.code, 0, "exited on its own");
  assert.equal(
    JSON.parse(run.stdout).hookSpecificOutput.additionalContext,
    "interval left running",
  );
});

for (const exit of ["exit7", "exit2", "deno-exit2"]) {
  test(`a handler that calls ${exit}: the hook exits 0 with no reply (2 would block the tool)`, async () => {
    assert.deepEqual(await hook("PreToolUse", payload(exit)), { code: 0, stdout: "", stderr: "" });
  });
}

test("console output in a handler goes to stderr: stdout is the reply alone", async () => {
  const run = await hook("PreToolUse", payload("log"));
  assert.equal(run.code, 0);
  assert.deepEqual(JSON.parse(run.stdout), {
    hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "after logging" },
  });
  for (const line of ["console.log", "console.info", "console.debug"]) {
    assert.match(run.stderr, new RegExp(`debug from ${line.replace(".", "\\.")}`));
  }
});

for (
  const [name, stdin] of [
    ["empty stdin", ""],
    ["blank stdin", " \n"],
    ["not JSON", "debug\n{"],
    ["a JSON array", "[1]"],
    ["an empty object", "{}"],
    ["a tool event naming no tool", JSON.stringify({ session_id: "s", tool_input: {} })],
  ]
) {
  test(`${name} runs no handler: no "deny", exit 0`, async () => {
    assert.deepEqual(await hook("PreToolUse", stdin), { code: 0, stdout: "", stderr: "" });
  });
}

test("a host that writes its payload and never closes stdin gets the reply", async () => {
  // The readers stop at a whole JSON object (core/lean_io_test.ts shows it
  // without a deadline to fall back on); here the whole chain answers.
  const open = await hook("PreToolUse", payload("ok"), true);
  assert.equal(open.code, 0, "exited with stdin still open");
  assert.equal(JSON.parse(open.stdout).hookSpecificOutput.additionalContext, "plain reply");
});

test("a payload in pieces on a pipe the host never closes: answered once it is whole", async () => {
  const text = payload("ok");
  // Three pieces, the first ending in a brace that closes only an inner object.
  const cut = [text.indexOf("}") + 1, text.lastIndexOf(",")];
  const run = await hook("PreToolUse", (write) => {
    write(text.slice(0, cut[0]));
    setTimeout(() => write(text.slice(cut[0], cut[1])), 200);
    setTimeout(() => write(text.slice(cut[1])), 400);
  });
  assert.equal(run.code, 0);
  assert.equal(JSON.parse(run.stdout).hookSpecificOutput.additionalContext, "plain reply");
});

test("a 16 MiB tool result on stdin is read whole and answered", async () => {
  const big = JSON.stringify({
    session_id: "s1",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "x".repeat(16 * 1024 * 1024) },
    test_case: "ok",
  });
  const run = await hook("PreToolUse", big);
  assert.equal(run.code, 0);
  assert.equal(JSON.parse(run.stdout).hookSpecificOutput.additionalContext, "plain reply");
});

test("stdin is read with a bound no longer than the host's hook budget", async () => {
  const bounds: Array<number | undefined> = [];
  await hookEntry(["claude-code", "SessionEnd", "--connector", "misbehave"], {
    readStdin: (ms) => {
      bounds.push(ms);
      return Promise.resolve("");
    },
    out: () => Promise.resolve(),
    err: () => Promise.resolve(),
    readText: (path) => existsSync(path) ? readFileSync(path, "utf8") : undefined,
    env: { AGENT_CONNECTOR_DATA_DIR: root },
    home: root,
    sep: "/",
  });
  assert.equal(bounds.length, 1);
  const deadline = await hookDeadlineMs("claude-code", "SessionEnd");
  assert.ok(
    bounds[0] !== undefined && bounds[0] <= deadline,
    `bound ${bounds[0]}`,
  );
});
