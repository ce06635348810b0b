// The branded CLI example, run from the npm build under Node: install into a
// temporary HOME, run the exact hook and status-line commands written into
// Claude Code's settings (the home binary launching Node), then uninstall
// byte-exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const dir = resolve("examples", "branded-cli");
const bin = join(dir, "bin.mjs");

function cli(home, ...args) {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { HOME: home, PATH: process.env.PATH ?? "" },
  });
}

function sh(home, command, input) {
  return spawnSync("sh", ["-c", command], {
    input,
    encoding: "utf8",
    env: { HOME: home, PATH: process.env.PATH ?? "" },
  });
}

test("the branded CLI prints its own name and version", () => {
  const home = mkdtempSync(join(tmpdir(), "ac-brand-"));
  try {
    assert.equal(cli(home, "--version").stdout, "acme-orders 2.0.1\n");
    assert.match(cli(home, "--help").stdout, /Usage: acme-orders <command>/);
    assert.match(cli(home, "install", "--help").stdout, /Usage: acme-orders install/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test("install, the hook and status-line commands, status, doctor and uninstall work from the npm build", () => {
  const home = mkdtempSync(join(tmpdir(), "ac-brand-"));
  try {
    mkdirSync(join(home, ".claude"));
    const settingsPath = join(home, ".claude", "settings.json");
    const mine =
      '{\n  "model": "opus",\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]\n  }\n}\n';
    writeFileSync(settingsPath, mine);

    const install = cli(home, "install");
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.match(install.stdout, /\+ claude-code {2}MCP server acme-orders/);

    const launcher = readFileSync(join(home, ".agent-connector", "bin", "agent-connector"), "utf8");
    assert.ok(
      launcher.includes(`'${process.execPath}'`),
      "the launcher runs this Node by absolute path",
    );
    assert.doesNotMatch(launcher, /npx/);

    const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
    const start = settings.hooks.SessionStart[0].hooks[0].command;
    const reply = sh(
      home,
      start,
      JSON.stringify({ session_id: "s", hook_event_name: "SessionStart", source: "startup" }),
    );
    assert.deepEqual([reply.status, reply.stderr], [0, ""]);
    assert.deepEqual(JSON.parse(reply.stdout), {
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "Acme Orders tools are available.",
      },
    });
    const pre = settings.hooks.PreToolUse[0];
    assert.equal(pre.matcher, "mcp__acme-orders__.*");
    const ask = sh(
      home,
      pre.hooks[0].command,
      JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "mcp__acme-orders__cancel_order",
        tool_input: {},
      }),
    );
    assert.equal(JSON.parse(ask.stdout).hookSpecificOutput.permissionDecision, "ask");
    const malformed = sh(home, pre.hooks[0].command, "not json");
    assert.deepEqual([malformed.status, malformed.stdout, malformed.stderr], [0, "", ""]);
    const line = sh(
      home,
      settings.statusLine.command,
      JSON.stringify({ model: { display_name: "Opus" } }),
    );
    assert.equal(line.stdout, "orders · Opus\n");

    assert.match(cli(home, "status").stdout, /acme-orders: server ✓ hooks ✓/);
    const doctor = cli(home, "doctor");
    assert.equal(doctor.status, 0, doctor.stdout + doctor.stderr);
    assert.match(doctor.stdout, /\[pass\] home binary CLI/);

    const again = cli(home, "install");
    assert.doesNotMatch(again.stdout, /^[+~!-] claude-code/m);

    const removed = cli(home, "uninstall", "--purge");
    assert.equal(removed.status, 0, removed.stdout + removed.stderr);
    assert.equal(readFileSync(settingsPath, "utf8"), mine);
    assert.equal(existsSync(join(home, ".claude.json")), false);
    assert.equal(existsSync(join(home, ".claude", "commands")), false);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
