/**
 * End to end on Claude Code, in a temporary HOME seeded with a user's real
 * files: install → run the exact hook commands written into settings.json
 * with Claude's documented payloads → re-install is all `=` → uninstall
 * gives back every pre-existing byte and removes every file it created.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { listDirs, snapshotTree } from "./_helpers/tree.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const SEED = join(REPO, "tests", "fixtures", "hosts", "claude-code", "seed");
const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-full");
const PAYLOADS = join(REPO, "tests", "fixtures", "payloads", "claude-code");

const base = mkdtempSync(join(tmpdir(), "ac-e2e-"));
const home = join(base, "home");
const project = join(base, "project");
mkdirSync(join(home, ".claude"), { recursive: true });
mkdirSync(project);
copyFileSync(join(SEED, "claude.json"), join(home, ".claude.json"));
copyFileSync(join(SEED, "settings.json"), join(home, ".claude", "settings.json"));
copyFileSync(join(SEED, "CLAUDE.md"), join(home, ".claude", "CLAUDE.md"));
after(() => rmSync(base, { recursive: true, force: true }));

const host = {
  home,
  env: { HOME: home, PATH: process.env.PATH ?? "" },
  cwd: project,
  os: "linux" as const,
};
const before = snapshotTree(home);
const dirsBefore = listDirs(home);

function payload(event: string): string {
  return JSON.stringify(JSON.parse(readFileSync(join(PAYLOADS, `${event}.json`), "utf8")).input);
}

/** Runs a command line the way Claude Code does: through a shell, payload on stdin. */
function runHookCommand(command: string, stdin: string) {
  const r = spawnSync("sh", ["-c", command], {
    input: stdin,
    encoding: "utf8",
    env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("install writes every surface and reports only creations and updates", async () => {
  const run = await runCliCaptured(["install", "--connector", CONNECTOR], host);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0, run.stdout);
  const lines = run.stdout.trim().split("\n");
  for (const line of lines.slice(0, -1)) assert.equal(line[0], "+", line);
  assert.match(run.stdout, /\+ claude-code {2}MCP server acme-db: added/);
  assert.match(run.stdout, /\+ claude-code {2}hook PostCompact/);
  assert.match(run.stdout, /\+ claude-code {2}memory acme-db\/memory/);
});

test("the exact hook commands in settings.json give Claude Code's native replies", () => {
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
  const commandOf = (event: string) => {
    const groups = settings.hooks[event] as Array<{ hooks: Array<{ command: string }> }>;
    const ours = groups.filter((g) => g.hooks[0].command.includes("--connector acme-db"));
    assert.equal(ours.length, 1, event);
    return ours[0].hooks[0].command;
  };
  const reply = (event: string, input = payload(event)) => runHookCommand(commandOf(event), input);
  assert.deepEqual(reply("SessionStart"), {
    code: 0,
    stdout:
      '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Acme DB schema v12 is loaded."}}\n',
    stderr: "",
  });
  assert.deepEqual(JSON.parse(reply("PreToolUse").stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Use the acme tools",
    },
  });
  assert.deepEqual(JSON.parse(reply("PermissionRequest").stdout), {
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
  });
  assert.deepEqual(
    JSON.parse(reply("UserPromptSubmit").stdout).hookSpecificOutput.additionalContext,
    "prompt has 55 chars",
  );
  for (
    const quiet of [
      "Stop",
      "PostToolUse",
      "SessionEnd",
      "Notification",
      "PreCompact",
      "PostCompact",
      "SubagentStart",
      "SubagentStop",
      "PostToolUseFailure",
    ]
  ) {
    assert.deepEqual(reply(quiet), { code: 0, stdout: "", stderr: "" }, quiet);
  }
  const stop = JSON.parse(payload("Stop"));
  stop.stop_hook_active = false;
  assert.deepEqual(JSON.parse(reply("Stop", JSON.stringify(stop)).stdout), {
    decision: "block",
    reason: "Run the acme checks first",
  });
  assert.deepEqual(
    reply("TaskCompleted", '{"session_id":"s1","hook_event_name":"TaskCompleted"}'),
    {
      code: 0,
      stdout: '{"continue":false,"stopReason":"acme: s1 done"}\n',
      stderr: "",
    },
  );
  const status = JSON.parse(
    readFileSync(
      join(SEED, "..", "..", "..", "payloads", "claude-code", "statusline.json"),
      "utf8",
    ),
  ).input;
  assert.deepEqual(runHookCommand(settings.statusLine.command, JSON.stringify(status)), {
    code: 0,
    stdout: "acme Opus 8%\n",
    stderr: "",
  });
});

test("the user's own entries survive the install untouched", () => {
  const claudeMd = readFileSync(join(home, ".claude", "CLAUDE.md"), "latin1");
  assert.ok(
    claudeMd.startsWith(readFileSync(join(SEED, "CLAUDE.md"), "latin1")),
    "user prose and fences kept",
  );
  assert.match(
    claudeMd,
    /\r\n<!-- agent-connector:begin acme-db\/memory hash=[0-9a-f]{12} -->\r\n/,
  );
  const claudeJson = JSON.parse(readFileSync(join(home, ".claude.json"), "utf8"));
  assert.deepEqual(Object.keys(claudeJson.mcpServers), ["playwright", "notion", "acme-db"]);
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
  assert.equal(settings.hooks.PreToolUse[0].hooks[0].command, "~/.claude/hooks/block-rm.sh");
  assert.equal(settings.hooks.Stop[0].hooks[0].command, "afplay /System/Library/Sounds/Glass.aiff");
  assert.deepEqual(settings.permissions.deny, ["Read(./.env)"]);
});

test("a second install prints only =", async () => {
  const run = await runCliCaptured(["install", "--connector", CONNECTOR], host);
  assert.equal(run.code, 0, run.stdout);
  const lines = run.stdout.trim().split("\n");
  for (const line of lines.slice(0, -1)) assert.equal(line[0], "=", line);
  assert.match(lines.at(-1)!, /0 created, 0 updated, 0 removed, \d+ unchanged, 0 warnings/);
});

test("uninstall --purge returns every pre-existing file byte-identical and removes what it created", async () => {
  // What a Node hook leaves: its code cache goes with the last connector.
  const codeCache = join(home, ".agent-connector", "cache", "node");
  mkdirSync(codeCache, { recursive: true });
  writeFileSync(join(codeCache, "main-x.bin"), "v8");
  const run = await runCliCaptured(["uninstall", "--connector-id", "acme-db", "--purge"], host);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(existsSync(codeCache), false);
  // The framework's own folders go too once they are empty (backups stay).
  for (const dir of ["bin", "connectors", "state", "cache"]) {
    assert.equal(existsSync(join(home, ".agent-connector", dir)), false, dir);
  }
  const after = snapshotTree(home, [".agent-connector"]);
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
  for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
  assert.deepEqual(listDirs(home, [".agent-connector"]), dirsBefore);
  const again = await runCliCaptured(["uninstall", "--connector-id", "acme-db"], host);
  assert.equal(again.code, 0);
  assert.doesNotMatch(again.stdout, /^[+~-] /m);
});
