/**
 * The generated OpenClaw plugin, run by Node as OpenClaw runs it, against a
 * stand-in home binary: each event is one line to the one `hook-serve`
 * process it starts, and a handler that hangs or crashes fails open while
 * the next event starts a new process.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeHookServeStandIn } from "../../tests/_helpers/hook_serve_stand_in.ts";
import { withTempDir } from "../../tests/_helpers/temp.ts";
import { renderOpenclawPlugin } from "./plugin.ts";

const EVENTS = [
  { event: "PreToolUse" as const, native: "before_tool_call", matcher: "" },
];

/**
 * A `hook-serve` that denies with the hook line it was sent and its own pid;
 * the tool `hang` is never answered and `exit` ends the process.
 */
function standIn(dir: string): string {
  mkdirSync(join(dir, "bin"), { recursive: true });
  return writeHookServeStandIn(join(dir, "bin", "agent-connector"), {
    answer: `async (args, stdin) => {
  const tool = JSON.parse(stdin).input.toolName;
  if (tool === "hang") return undefined;
  if (tool === "exit") process.exit(1);
  return JSON.stringify({ block: ["hook", ...args].join(" ") + " pid " + process.pid });
}`,
  });
}

/** Loads the plugin in Node and runs before_tool_call once per tool name, in order. */
function run(dir: string, bin: string, tools: string[]): unknown[] {
  const plugin = join(dir, "index.mjs");
  writeFileSync(
    plugin,
    renderOpenclawPlugin(
      { connectorId: "acme", homeBin: bin, os: "linux", events: EVENTS },
      1500,
    ),
  );
  const driver = join(dir, "driver.mjs");
  writeFileSync(
    driver,
    `const { default: plugin } = await import(${JSON.stringify(plugin)});
const on = {};
plugin.register({ on: (name, h) => (on[name] = h) });
const out = [];
for (const tool of ${JSON.stringify(tools)}) {
  out.push((await on.before_tool_call({ toolName: tool, params: {} }, { sessionId: "s" })) ?? null);
}
console.log(JSON.stringify(out));
`,
  );
  // The driver must exit on its own: an idle hook-serve does not hold the host.
  const r = spawnSync("node", [driver], {
    encoding: "utf8",
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? "" },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const reason = (out: unknown) => (out as { blockReason?: string } | null)?.blockReason ?? "";

test("one hook-serve process answers every event, and its block is applied", () =>
  withTempDir((dir) => {
    const out = run(dir, standIn(dir), ["exec", "exec"]);
    assert.match(reason(out[0]), /^hook openclaw PreToolUse --connector acme pid \d+$/);
    assert.deepEqual(out[1], out[0], "the same process answered both");
    assert.equal((out[0] as { block?: boolean }).block, true);
  }));

test("a hung or exiting handler fails open, and the next event starts a new process", () =>
  withTempDir((dir) => {
    const out = run(dir, standIn(dir), ["exec", "hang", "exec", "exit", "exec"]);
    assert.deepEqual([out[1], out[3]], [null, null]);
    const pids = [out[0], out[2], out[4]].map((o) => reason(o).split(" pid ")[1]);
    assert.ok(pids.every(Boolean), JSON.stringify(out));
    assert.equal(new Set(pids).size, 3, "a new process after each failure");
  }));

test("a home binary that is missing changes nothing (fail-open)", () =>
  withTempDir((dir) => {
    assert.deepEqual(run(dir, join(dir, "no-such-bin"), ["exec"]), [null]);
  }));

test("each action is a slash command that runs the dispatch verb and replies with its message or error", () =>
  withTempDir((dir) => {
    const bin = join(dir, "bin", "agent-connector");
    mkdirSync(join(dir, "bin"), { recursive: true });
    writeFileSync(
      bin,
      `#!/bin/sh
if [ "$3" = ping ]; then echo "pong $*"; else echo "no action $3" >&2; exit 1; fi
`,
      { mode: 0o755 },
    );
    const plugin = join(dir, "index.mjs");
    writeFileSync(
      plugin,
      renderOpenclawPlugin({
        connectorId: "acme",
        homeBin: bin,
        os: "linux",
        events: [],
        actions: [{ id: "ping", label: "Acme: Ping" }, { id: "gone", label: "Acme: Gone" }],
      }),
    );
    const driver = join(dir, "driver.mjs");
    writeFileSync(
      driver,
      `const { default: plugin } = await import(${JSON.stringify(plugin)});
const commands = {};
plugin.register({ on() {}, registerCommand: (c) => (commands[c.name] = c) });
console.log(JSON.stringify({
  names: Object.keys(commands),
  ping: await commands["acme-ping"].handler({ args: "now" }),
  gone: await commands["acme-gone"].handler({}),
}));
`,
    );
    const r = spawnSync("node", [driver], { encoding: "utf8", timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      names: ["acme-ping", "acme-gone"],
      ping: { text: "pong action openclaw ping --connector acme now" },
      gone: { text: "no action gone" },
    });
  }));
