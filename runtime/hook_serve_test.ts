/**
 * `agent-connector hook-serve`, the process a plugin host's generated plugin
 * keeps (runtime/hook_serve.ts), run for real: each request line is one
 * `hook` call, answered by number as it finishes; a line that is not a
 * request is skipped; closing stdin ends it with exit 0.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { cliArgv, registerFixture, REPO } from "../tests/_helpers/runtime.ts";

const root = registerFixture("decisions", join(REPO, "tests/fixtures/connectors/decisions.mjs"));
after(() => rmSync(root, { recursive: true, force: true }));

const ask = (n: number, event: "PreToolUse" | "PostToolUse", decision: string) =>
  JSON.stringify({
    n,
    args: ["opencode", event, "--connector", "decisions"],
    stdin: JSON.stringify({
      event: event === "PreToolUse" ? "tool.execute.before" : "tool.execute.after",
      input: { tool: "bash", sessionID: "s1", callID: `c${n}`, args: {} },
      output: event === "PreToolUse" ? { args: { command: "ls" } } : { output: "done" },
      test_decision: decision,
    }),
  }) + "\n";

test("requests are answered by number as each finishes; stdin's end ends the process", async () => {
  const [cmd, ...args] = cliArgv("hook-serve");
  const child = spawn(cmd, args, {
    env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: root },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c) => (out += c));
  child.stderr.setEncoding("utf8").on("data", (c) => (err += c));
  const lines = () => out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  // "slow" answers 2.5 s later: the deny sent after it must not wait for it.
  child.stdin.write(ask(1, "PostToolUse", "slow"));
  child.stdin.write("not a request\n");
  child.stdin.write(ask(2, "PreToolUse", "deny"));
  while (lines().length < 1) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(lines()[0], { n: 2, stdout: '{"block":"reason for deny"}\n' });
  child.stdin.end();
  const code = await new Promise((r) => child.on("close", r));
  assert.equal(code, 0, err);
  assert.deepEqual(lines().map((l) => l.n), [2, 1]);
  assert.equal(lines()[1].stdout, '{"context":"late context"}\n');
});
