/**
 * Hosts that also run other hosts' hook files (HOSTS.md trap 8) answer each
 * event exactly once, however many of those hosts a connector is installed
 * for: VS Code runs Claude Code's and Copilot CLI's files, Copilot CLI runs
 * VS Code's and Claude Code's, JetBrains runs Copilot CLI's. Each test
 * installs for several hosts, then runs every command the firing host
 * would run for one event with that host's payload; the connector counts its
 * handler calls in a file.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { type Box, ourHookCommands, runHookCommand, seededBox } from "./_helpers/e2e_box.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-count");
const boxes: Box[] = [];
after(() => boxes.forEach((b) => b.dispose()));

async function installed(targets: string, scope: "user" | "project"): Promise<Box> {
  const box = seededBox("vscode-copilot");
  boxes.push(box);
  const run = await box.cli([
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    targets,
    "--scope",
    scope,
  ]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  return box;
}

/**
 * What Copilot CLI's hook runner adds to a hook's environment (measured on
 * 1.0.102: tests/fixtures/payloads/copilot-cli/sessionStart.measured.json).
 */
const COPILOT_HOOK_ENV = { COPILOT_CLI: "1", COPILOT_HOOK_DIR: "/h", COPILOT_PROJECT_DIR: "/p" };

/** Runs `commands` with `payload` and returns the handler calls they made. */
function fire(
  box: Box,
  commands: string[],
  payload: Record<string, unknown>,
  env: Record<string, string> = {},
) {
  const counter = join(box.base, "calls.txt");
  rmSync(counter, { force: true });
  const replies = commands.map((c) =>
    runHookCommand(box, c, payload, { ...env, ACME_COUNT_FILE: counter })
  );
  for (const r of replies) assert.equal(r.code, 0, r.stderr);
  const calls = existsSync(counter) ? readFileSync(counter, "utf8").trim().split("\n") : [];
  return { calls, replies: replies.map((r) => r.json).filter((j) => j !== undefined) };
}

const claudeUser = (box: Box) => join(box.home, ".claude", "settings.json");
const claudeProject = (box: Box) => join(box.project, ".claude", "settings.json");
const vscodeUser = (box: Box) =>
  join(box.home, ".copilot", "hooks", "agent-connector.vscode-copilot.json");
const githubHooks = (box: Box, host: string) =>
  join(box.project, ".github", "hooks", `agent-connector.${host}.json`);

/** VS Code's payload for `event` (docs/agent-customization/hooks.md common fields). */
function vscodePayload(box: Box, event: string): Record<string, unknown> {
  return {
    timestamp: "2026-02-09T10:30:00.000Z",
    cwd: box.project,
    sessionId: "vs-1",
    hookEventName: event,
    transcript_path: "/tmp/t.json",
    tool_name: "runTerminalCommand",
    tool_input: { command: "ls" },
  };
}

const VSCODE_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "Stop",
  "SubagentStart",
  "SubagentStop",
];

test("with Claude Code and VS Code both installed, each VS Code event runs one handler, VS Code's", async () => {
  const box = await installed("claude-code,vscode-copilot", "user");
  const claude = ourHookCommands(claudeUser(box), "acme-count");
  const vscode = ourHookCommands(vscodeUser(box), "acme-count");
  for (const event of VSCODE_EVENTS) {
    // VS Code runs both files and ignores the matchers (hooks.md FAQ).
    const { calls, replies } = fire(
      box,
      [claude.get(event)!, vscode.get(event)!],
      vscodePayload(box, event),
    );
    assert.deepEqual(calls, [`vscode-copilot ${event}`], event);
    assert.ok(replies.length <= 1, `${event}: at most one reply`);
  }
});

test("with only Claude Code installed, VS Code's call through Claude's file is answered once, in VS Code's dialect", async () => {
  const box = await installed("claude-code", "user");
  const claude = ourHookCommands(claudeUser(box), "acme-count");
  const { calls, replies } = fire(box, [claude.get("Stop")!], vscodePayload(box, "Stop"));
  assert.deepEqual(calls, ["vscode-copilot Stop"]);
  assert.deepEqual(replies, [{
    hookSpecificOutput: {
      hookEventName: "Stop",
      decision: "block",
      reason: "counted by vscode-copilot",
    },
  }]);
});

test("VS Code and Copilot CLI in one project: each of them answers its own event once", async () => {
  const box = await installed("vscode-copilot,copilot-cli", "project");
  const vscode = ourHookCommands(githubHooks(box, "vscode-copilot"), "acme-count");
  const cli = ourHookCommands(githubHooks(box, "copilot-cli"), "acme-count");
  // VS Code converts preToolUse to PreToolUse and runs both files.
  const inVsCode = fire(
    box,
    [vscode.get("PreToolUse")!, cli.get("preToolUse")!],
    vscodePayload(box, "PreToolUse"),
  );
  assert.deepEqual(inVsCode.calls, ["vscode-copilot PreToolUse"]);
  // Copilot CLI runs VS Code's PascalCase entry with its snake_case payload, and its own.
  const snake = {
    hook_event_name: "PreToolUse",
    session_id: "cli-1",
    timestamp: "2026-08-01T12:00:00.000Z",
    cwd: box.project,
    tool_name: "Bash",
    tool_input: { command: "ls" },
  };
  const camel = {
    sessionId: "cli-1",
    timestamp: 1760000000000,
    cwd: box.project,
    toolName: "bash",
    toolArgs: '{"command":"ls"}',
  };
  const counter = fire(box, [vscode.get("PreToolUse")!], snake, COPILOT_HOOK_ENV).calls.length +
    fire(box, [cli.get("preToolUse")!], camel).calls.length;
  assert.equal(counter, 1, "Copilot CLI answered once");
  assert.deepEqual(fire(box, [cli.get("preToolUse")!], camel).replies, [{
    permissionDecision: "deny",
    permissionDecisionReason: "counted by copilot-cli",
  }]);
});

test("Claude Code and Copilot CLI in one project: Copilot CLI's run of Claude's file stays quiet", async () => {
  const box = await installed("claude-code,copilot-cli", "project");
  const claude = ourHookCommands(claudeProject(box), "acme-count");
  const cli = ourHookCommands(githubHooks(box, "copilot-cli"), "acme-count");
  const snake = {
    hook_event_name: "Stop",
    session_id: "cli-2",
    timestamp: "2026-08-01T12:00:00.000Z",
    cwd: box.project,
    transcript_path: "/tmp/t.jsonl",
    stop_reason: "end_turn",
    stop_hook_active: false,
  };
  assert.deepEqual(fire(box, [claude.get("Stop")!], snake, COPILOT_HOOK_ENV).calls, []);
  const own = fire(box, [cli.get("agentStop")!], {
    sessionId: "cli-2",
    timestamp: 1760000000000,
    cwd: box.project,
    stopReason: "end_turn",
  });
  assert.deepEqual(own.calls, ["copilot-cli Stop"]);
});

test("JetBrains and Copilot CLI in one project: JetBrains runs both files and answers once", async () => {
  const box = await installed("jetbrains-copilot,copilot-cli", "project");
  const jb = ourHookCommands(githubHooks(box, "jetbrains-copilot"), "acme-count");
  const cli = ourHookCommands(githubHooks(box, "copilot-cli"), "acme-count");
  const jetbrains = {
    timestamp: 1781000000000,
    cwd: box.project,
    toolName: "run_in_terminal",
    toolArgs: { command: "ls" },
  };
  const { calls, replies } = fire(box, [jb.get("preToolUse")!, cli.get("preToolUse")!], jetbrains);
  assert.deepEqual(calls, ["jetbrains-copilot PreToolUse"]);
  assert.deepEqual(replies, [{
    permissionDecision: "deny",
    permissionDecisionReason: "counted by jetbrains-copilot",
  }]);
  // And Copilot CLI, which reads JetBrains' file too, answers once from its own.
  const camel = { sessionId: "c", timestamp: 1760000000000, cwd: box.project, toolName: "bash" };
  assert.deepEqual(
    fire(box, [jb.get("preToolUse")!, cli.get("preToolUse")!], camel).calls,
    ["copilot-cli PreToolUse"],
  );
});

/**
 * VS Code's payload since 2026-02-25: snake_case common fields
 * (tests/fixtures/payloads/vscode-copilot/PreToolUse.source.json, from
 * vscode-copilot-chat@31acd00 chatHookService.ts).
 */
function vscodeSourcePayload(box: Box, event: string): Record<string, unknown> {
  const { hookEventName: _, sessionId: __, ...rest } = vscodePayload(box, event);
  return { ...rest, hook_event_name: event, session_id: "vs-2", tool_use_id: "call_1" };
}

test("VS Code's current payload is answered once, in VS Code's dialect, with Claude Code and Copilot CLI installed too", async () => {
  const box = await installed("claude-code,vscode-copilot,copilot-cli", "user");
  const claude = ourHookCommands(claudeUser(box), "acme-count");
  const vscode = ourHookCommands(vscodeUser(box), "acme-count");
  const cli = ourHookCommands(
    join(box.home, ".copilot", "hooks", "agent-connector.copilot-cli.json"),
    "acme-count",
  );
  const { calls, replies } = fire(
    box,
    [claude.get("PreToolUse")!, vscode.get("PreToolUse")!, cli.get("preToolUse")!],
    vscodeSourcePayload(box, "PreToolUse"),
  );
  assert.deepEqual(calls, ["vscode-copilot PreToolUse"]);
  assert.deepEqual(replies, [{
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "counted by vscode-copilot",
    },
  }]);
});
