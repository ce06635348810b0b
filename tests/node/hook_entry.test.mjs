// The installed package's executable as a host runs it for a hook: the
// executable linked into chunks (scripts/_npm_chunks.ts) must answer with
// the host's native reply and append the telemetry row, exactly as the
// per-module build did.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const main = resolve("node_modules", "@ken-jo", "agent-connector", "cli", "main.js");

const CONNECTOR = `export default {
  id: "gate", displayName: "gate", version: "1.0.0",
  hookEvents: ["PreToolUse", "SessionStart", "Stop", "SessionEnd"],
  hooks: {
    PreToolUse: { matcher: "Bash", handler: (e) => e.toolInput.command.includes("rm -rf")
      ? { decision: "deny", reason: "no recursive deletes" } : undefined },
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "gate is on" }) },
    Stop: { handler: () => new Promise(() => {}) },
    SessionEnd: {
      handler: () => new Promise((done) => setTimeout(() => {
        process.stdout.write("late");
        done();
      }, 3000)),
    },
  },
  statusline: { render: () => "gate ok" },
  telemetry: { enabled: true, store: "ndjson" },
  commands: [], skills: [], subagents: [], memory: [], actions: [], platforms: {},
  targets: "auto", oauth: {},
};
`;

function setup() {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  const data = join(dir, "data");
  mkdirSync(join(data, "connectors", "gate"), { recursive: true });
  writeFileSync(join(dir, "gate.mjs"), CONNECTOR);
  writeFileSync(
    join(data, "connectors", "gate", "connector.json"),
    JSON.stringify({
      id: "gate",
      displayName: "gate",
      version: "1.0.0",
      frameworkVersion: "0",
      modulePath: join(dir, "gate.mjs"),
      telemetry: { enabled: true },
    }),
  );
  return { dir, data };
}

function hook(data, args, payload) {
  return spawnSync(process.execPath, [main, ...args], {
    input: JSON.stringify(payload),
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: data, AGENT_CONNECTOR_DATA_DIR: data },
  });
}

function telemetryRows(data) {
  const rows = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".ndjson")) {
        rows.push(
          ...readFileSync(join(d, e.name), "utf8").split("\n").filter(Boolean).map((l) =>
            JSON.parse(l)
          ),
        );
      }
    }
  };
  walk(data);
  return rows;
}

test("the installed executable is linked into chunks, the hook runtime in the entry's file", () => {
  // cli/main.js compiles the linked entry's code, a script beside it, with a V8 code cache.
  assert.match(
    readFileSync(main, "utf8"),
    /^#!\/usr\/bin\/env node\n[^]*__acscript\(import\.meta, "\.\/_main_body\.js"/,
  );
  const text = readFileSync(join(dirname(main), "_main_body.js"), "utf8");
  assert.match(text, /^\(function \(__acmeta, __acimport\) \{\n"use strict";\n/);
  assert.match(text, /Linked by scripts\/_npm_chunks\.ts/);
  assert.match(text, /\/\/ runtime\/hook_main\.js\n/);
  // Claude's dialect (its forks' family) is in it too; the CLI table and every other dialect
  // load from their own chunks, only when needed.
  assert.match(text, /\/\/ adapters\/dialects\/claude\.js\n/);
  assert.doesNotMatch(text, /\/\/ cli\/commands\.js\n/);
  assert.doesNotMatch(text, /\/\/ adapters\/dialects\/cursor\.js\n/);
  const cursor = readFileSync(
    join(dirname(main), "..", "_bin", "adapters.dialects.cursor.js"),
    "utf8",
  );
  assert.match(cursor, /\/\/ adapters\/dialects\/cursor\.js\n/);
});

test("a Claude Code PreToolUse payload gets the native deny reply and one telemetry row", () => {
  const { dir, data } = setup();
  try {
    const run = hook(data, ["hook", "claude-code", "PreToolUse", "--connector", "gate"], {
      session_id: "s-node",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /tmp/x" },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, "");
    assert.deepEqual(JSON.parse(run.stdout), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no recursive deletes",
      },
    });
    const rows = telemetryRows(data);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].connectorId, "gate");
    assert.equal(rows[0].toolName, "PreToolUse");
    assert.equal(rows[0].surfaceKind, "hook");
    assert.equal(rows[0].hostPlatform, "claude-code");
    assert.equal(rows[0].sessionId, "s-node");
    assert.equal(rows[0].isError, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a hook leaves a code cache in the data root, and a hook run from it replies the same", () => {
  const { dir, data } = setup();
  try {
    const payload = {
      session_id: "s-cache",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /tmp/x" },
    };
    const args = ["hook", "claude-code", "PreToolUse", "--connector", "gate"];
    const first = hook(data, args, payload);
    assert.equal(first.status, 0, first.stderr);
    const caches = readdirSync(join(data, "cache", "node"));
    assert.equal(caches.length, 1);
    assert.match(caches[0], /^main-[0-9a-f]{16}-v\d+\.\d+\.\d+-/);
    const again = hook(data, args, payload);
    assert.deepEqual([again.status, again.stdout, again.stderr], [0, first.stdout, ""]);
    assert.deepEqual(readdirSync(join(data, "cache", "node")), caches);
    assert.equal(telemetryRows(data).length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Codex's SessionStart context, the status line and a malformed payload work from the build", () => {
  const { dir, data } = setup();
  try {
    const start = hook(data, ["hook", "codex", "SessionStart", "--connector", "gate"], {
      session_id: "s-codex",
      cwd: dir,
      hook_event_name: "SessionStart",
    });
    assert.equal(start.status, 0, start.stderr);
    assert.match(start.stdout, /gate is on/);
    const line = hook(data, ["statusline", "claude-code", "--connector", "gate"], {
      session_id: "s",
    });
    assert.equal(line.status, 0, line.stderr);
    assert.equal(line.stdout.trim(), "gate ok");
    const bad = spawnSync(process.execPath, [
      main,
      "hook",
      "claude-code",
      "PreToolUse",
      "--connector",
      "gate",
    ], {
      input: "{not json",
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: data, AGENT_CONNECTOR_DATA_DIR: data },
    });
    assert.deepEqual([bad.status, bad.stdout, bad.stderr], [0, "", ""]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a handler whose promise never settles ends the hook with exit 0 and no output", () => {
  // The Deno launcher exited 1 here ("Top-level await promise never resolved"); the
  // npm build's entry must stay as quiet.
  const { dir, data } = setup();
  try {
    const stop = hook(data, ["hook", "claude-code", "Stop", "--connector", "gate"], {
      session_id: "s-stop",
      cwd: dir,
      hook_event_name: "Stop",
    });
    assert.deepEqual([stop.status, stop.stdout, stop.stderr], [0, "", ""]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a handler slower than Claude Code's 1.5 s SessionEnd budget is abandoned with exit 0 and no output", () => {
  const { dir, data } = setup();
  try {
    const end = hook(data, ["hook", "claude-code", "SessionEnd", "--connector", "gate"], {
      session_id: "s-end",
      cwd: dir,
      hook_event_name: "SessionEnd",
      reason: "exit",
    });
    assert.deepEqual([end.status, end.stdout, end.stderr], [0, "", ""]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const GATE_ARGS = ["hook", "claude-code", "PreToolUse", "--connector", "gate"];

/** Runs the hook with `stdin` (a fd or "pipe"), calling `feed` with the child; resolves its exit. */
async function hookWith(data, stdin, feed = () => {}) {
  const child = spawn(process.execPath, [main, ...GATE_ARGS], {
    env: { PATH: process.env.PATH, HOME: data, AGENT_CONNECTOR_DATA_DIR: data },
    stdio: [stdin, "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  feed(child);
  // A child still running long after the 10 s deadline is killed and fails the test.
  const guard = setTimeout(() => child.kill("SIGKILL"), 40_000);
  const code = await new Promise((done) => child.on("close", done));
  clearTimeout(guard);
  child.stdin?.destroy();
  return { code, out, err };
}

const DENIED = (dir) =>
  JSON.stringify({
    session_id: "s-open",
    cwd: dir,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "rm -rf /" },
  });

test("a host that never closes stdin still gets its reply, and the hook exits at the deadline", async () => {
  const { dir, data } = setup();
  // A FIFO whose writer stays open: the hook's read of fd 0 never sees an
  // end, as with a host that forgets to close the pipe. Node hosts hand
  // their children a socket instead: the same, on a socket, at once.
  const fifo = join(dir, "stdin");
  assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
  const writer = openSync(fifo, constants.O_RDWR);
  const reader = openSync(fifo, constants.O_RDONLY);
  try {
    writeSync(writer, DENIED(dir));
    const runs = await Promise.all([
      hookWith(data, reader),
      hookWith(data, "pipe", (child) => child.stdin.write(DENIED(dir))),
    ]);
    for (const { code, out, err } of runs) {
      assert.deepEqual([code, err], [0, ""]);
      assert.equal(JSON.parse(out).hookSpecificOutput.permissionDecision, "deny");
    }
  } finally {
    closeSync(writer);
    closeSync(reader);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a payload the host sends in parts, after the hook started, is read whole", async () => {
  const { dir, data } = setup();
  try {
    const payload = DENIED(dir);
    const { code, out, err } = await hookWith(data, "pipe", (child) => {
      setTimeout(() => child.stdin.write(payload.slice(0, 20)), 400);
      setTimeout(() => child.stdin.end(payload.slice(20)), 700);
    });
    assert.deepEqual([code, err], [0, ""]);
    assert.equal(JSON.parse(out).hookSpecificOutput.permissionDecision, "deny");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("hook-serve answers the plugin bridges' request lines, one process for all of them", () => {
  const { dir, data } = setup();
  try {
    // What adapters/render/hook_serve_client.ts sends for pi's tool_call, twice.
    const ask = (n) =>
      JSON.stringify({
        n,
        args: ["pi", "PreToolUse", "--connector", "gate"],
        stdin: JSON.stringify({
          cwd: dir,
          sessionId: "s-serve",
          event: "tool_call",
          input: { toolName: "Bash", toolCallId: `c${n}`, input: { command: "rm -rf /tmp/x" } },
        }),
      }) + "\n";
    const run = spawnSync(process.execPath, [main, "hook-serve"], {
      input: ask(1) + ask(2),
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: data, AGENT_CONNECTOR_DATA_DIR: data },
    });
    assert.equal(run.status, 0, run.stderr);
    const replies = run.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    assert.deepEqual(replies.map((r) => r.n).sort(), [1, 2]);
    for (const r of replies) {
      assert.deepEqual(JSON.parse(r.stdout), { block: "no recursive deletes" });
    }
    assert.equal(telemetryRows(data).length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
