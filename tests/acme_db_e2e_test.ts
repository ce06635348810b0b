/**
 * The spec's example connector (examples/acme-db) end to end on Claude Code:
 * a HOME seeded with another user's servers, their own hooks and status
 * line, and CLAUDE.md prose; install; every documented Claude Code payload
 * sent through the exact hook command strings written into settings.json;
 * re-install is all `=`; uninstall gives every byte back.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { listDirs, snapshotTree } from "./_helpers/tree.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const SEED = join(REPO, "tests", "fixtures", "hosts", "claude-code", "seed");
const PAYLOADS = join(REPO, "tests", "fixtures", "payloads", "claude-code");
const base = mkdtempSync(join(tmpdir(), "ac-acme-"));
const home = join(base, "home");
mkdirSync(join(home, ".claude"), { recursive: true });
copyFileSync(join(SEED, "claude.json"), join(home, ".claude.json"));
copyFileSync(join(SEED, "settings-with-statusline.json"), join(home, ".claude", "settings.json"));
copyFileSync(join(SEED, "CLAUDE.md"), join(home, ".claude", "CLAUDE.md"));
after(() => rmSync(base, { recursive: true, force: true }));

const env = { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() };
const host = { home, env, cwd: join(REPO, "examples", "acme-db") };
const before = snapshotTree(home);
const dirsBefore = listDirs(home);

test("install renders acme-db into Claude Code and leaves the user's status line alone", async () => {
  const run = await runCliCaptured(["install"], host);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\+ claude-code {2}MCP server acme-db: added/);
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
  assert.equal(settings.statusLine.command, "~/.claude/statusline.sh");
  assert.equal(settings.hooks.PreToolUse[1].matcher, "acme_write");
});

test("every Claude Code payload through the exact hook commands gets Claude's native reply", () => {
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
  const ours = (event: string) =>
    ((settings.hooks[event] ?? []) as Array<{ hooks: Array<{ command: string }> }>)
      .map((g) => g.hooks[0].command)
      .filter((c) => c.includes("--connector acme-db"));
  const seen: Record<string, string> = {};
  for (const file of readdirSync(PAYLOADS).filter((f) => f !== "statusline.json")) {
    const event = file.replace(/\.json$/, "");
    const commands = ours(event);
    if (event !== "SessionStart" && event !== "PreToolUse") {
      assert.deepEqual(commands, [], `${event}: acme-db declares no hook, so none is installed`);
      continue;
    }
    assert.equal(commands.length, 1, event);
    const input = readFileSync(join(PAYLOADS, file), "utf8");
    const payload = JSON.stringify(JSON.parse(input).input);
    const r = spawnSync("sh", ["-c", commands[0]], { input: payload, encoding: "utf8", env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, "");
    seen[event] = r.stdout;
  }
  assert.deepEqual(JSON.parse(seen.SessionStart), {
    hookSpecificOutput: {
      hookEventName: "SessionStart",
      additionalContext: "Acme DB schema v12 is loaded.",
    },
  });
  assert.equal(
    seen.PreToolUse,
    "",
    "the documented payload is a Bash call: the matcher lets it pass",
  );
  const write = JSON.stringify({
    session_id: "s",
    hook_event_name: "PreToolUse",
    tool_name: "acme_write",
    tool_input: { sql: "delete" },
  });
  const asked = spawnSync("sh", ["-c", ours("PreToolUse")[0]], {
    input: write,
    encoding: "utf8",
    env,
  });
  assert.deepEqual(JSON.parse(asked.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "Confirm Acme DB write",
    },
  });
});

test("a second install prints only =, and uninstall gives every byte back", async () => {
  const again = await runCliCaptured(["install"], host);
  for (const line of again.stdout.trim().split("\n").slice(0, -1)) assert.equal(line[0], "=", line);
  const removed = await runCliCaptured(["uninstall", "--purge"], host);
  assert.equal(removed.code, 0, removed.stdout);
  const after = snapshotTree(home, [".agent-connector"]);
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
  for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
  assert.deepEqual(listDirs(home, [".agent-connector"]), dirsBefore);
});
