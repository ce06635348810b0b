/**
 * The generated OpenClaw plugin, run by Node as OpenClaw runs it, against a
 * stand-in home binary: through a process per event, and — when the
 * launcher names an npm build — in a worker thread, which must answer,
 * and fail open when the handler hangs, throws or the runtime is missing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../../tests/_helpers/temp.ts";
import { renderOpenclawPlugin } from "./plugin.ts";

const EVENTS = [
  { event: "PreToolUse" as const, native: "before_tool_call", matcher: "" },
];

/** A launcher that answers from its own process, naming `entry` when given. */
function launcher(dir: string, entry?: string): string {
  const bin = join(dir, "bin", "agent-connector");
  mkdirSync(join(dir, "bin"), { recursive: true });
  const mark = entry
    ? `# agent-connector-launcher ${
      JSON.stringify({ runtime: "/usr/bin/node", runtimeArgs: [], entry, version: "0" })
    }\n`
    : "";
  writeFileSync(
    bin,
    `#!/bin/sh\n${mark}cat >/dev/null\necho '{"block":"from a process"}'\n`,
    { mode: 0o755 },
  );
  return bin;
}

/** An npm build stand-in whose hookEntry answers by the tool's name. */
function npmBuild(dir: string): string {
  const pkg = join(dir, "pkg");
  mkdirSync(join(pkg, "runtime"), { recursive: true });
  mkdirSync(join(pkg, "cli"), { recursive: true });
  writeFileSync(join(pkg, "cli", "main.js"), "");
  writeFileSync(
    join(pkg, "runtime", "mod.js"),
    `export async function hookEntry(argv, io) {
  const p = JSON.parse(await io.readStdin());
  const tool = p.input.toolName;
  if (tool === "hang") for (;;) {}
  if (tool === "throw") throw new Error("boom");
  await io.out(JSON.stringify({ block: "in the worker: " + argv.join(" ") + " " + io.env.AGENT_CONNECTOR_DATA_DIR }));
}
`,
  );
  return join(pkg, "cli", "main.js");
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
  const r = spawnSync("node", [driver], {
    encoding: "utf8",
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? "" },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("without an npm build the plugin runs a process per event and applies its block", () =>
  withTempDir((dir) => {
    const out = run(dir, launcher(dir), ["exec"]);
    assert.deepEqual(out, [{ block: true, blockReason: "from a process" }]);
  }));

test("with an npm build the hook runs in a worker, with the launcher's data root", () =>
  withTempDir((dir) => {
    const out = run(dir, launcher(dir, npmBuild(dir)), ["exec", "exec"]);
    const reason = `in the worker: openclaw PreToolUse --connector acme ${dir}`;
    assert.deepEqual(out, [
      { block: true, blockReason: reason },
      { block: true, blockReason: reason },
    ]);
  }));

test("a hung or throwing handler in the worker fails open, and the next event is answered", () =>
  withTempDir((dir) => {
    const out = run(dir, launcher(dir, npmBuild(dir)), ["hang", "throw", "exec"]);
    assert.deepEqual(out, [
      null,
      null,
      { block: true, blockReason: `in the worker: openclaw PreToolUse --connector acme ${dir}` },
    ]);
  }));

test("a launcher naming an npm build that is not there falls back to a process", () =>
  withTempDir((dir) => {
    const out = run(dir, launcher(dir, join(dir, "gone", "cli", "main.js")), ["exec"]);
    assert.deepEqual(out, [{ block: true, blockReason: "from a process" }]);
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
