/**
 * The generated Amp plugin, run as Amp runs it (a default export given the
 * plugin API), under Node against a stand-in home binary: `tool.call`'s
 * answers for a block, new arguments and a failure (always `allow`, never
 * the thread-stopping `error`), `tool.result`'s context, `agent.end`'s
 * continue, and the worker path when the launcher names an npm build.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../../tests/_helpers/temp.ts";
import { renderAmpPlugin } from "./plugin.ts";

const EVENTS = [
  { event: "PreToolUse" as const, native: "tool.call", matcher: "" },
  { event: "PostToolUse" as const, native: "tool.result", matcher: "" },
  { event: "Stop" as const, native: "agent.end" },
];

/** A home binary answering by the tool named in the payload (`hook amp <Event>`). */
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
    `#!/bin/sh
${mark}in=$(cat)
case "$3:$in" in
  PreToolUse:*'"deny"'*) echo '{"block":"no deny"}' ;;
  PreToolUse:*'"edit"'*) echo '{"args":{"path":"/safe"}}' ;;
  PreToolUse:*) exit 3 ;;
  PostToolUse:*) echo '{"context":"audited"}' ;;
  Stop:*) echo '{"block":"run the checks"}' ;;
esac
`,
    { mode: 0o755 },
  );
  return bin;
}

function run(dir: string, bin: string, script: string): unknown {
  const plugin = join(dir, "plugin.mjs");
  writeFileSync(
    plugin,
    renderAmpPlugin({ connectorId: "acme", homeBin: bin, os: "linux", events: EVENTS }),
  );
  const driver = join(dir, "driver.mjs");
  writeFileSync(
    driver,
    `const { default: register } = await import(${JSON.stringify(plugin)});
const on = {};
register({ on: (name, h) => (on[name] = h) });
const thread = { id: "T-1" };
${script}`,
  );
  const r = spawnSync("node", [driver], {
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? "" },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("tool.call: a block rejects and continues, new arguments modify, a failure allows", () =>
  withTempDir((dir) => {
    const out = run(
      dir,
      launcher(dir),
      `console.log(JSON.stringify(await Promise.all(["deny", "edit", "ls"].map((tool) =>
  on["tool.call"]({ tool, toolUseID: "t", input: { q: tool }, thread })))));`,
    );
    assert.deepEqual(out, [
      { action: "reject-and-continue", message: "no deny" },
      { action: "modify", input: { path: "/safe" } },
      { action: "allow" },
    ]);
  }));

test("tool.result appends context; agent.end turns a block into a continue", () =>
  withTempDir((dir) => {
    const out = run(
      dir,
      launcher(dir),
      `console.log(JSON.stringify([
  await on["tool.result"]({ tool: "Bash", toolUseID: "t", input: {}, status: "done", output: "ok", thread }),
  await on["agent.end"]({ thread, message: "hi", id: 1, status: "done", messages: [] }),
]));`,
    );
    assert.deepEqual(out, [
      { status: "done", output: "ok\n\naudited" },
      { action: "continue", userMessage: "run the checks" },
    ]);
  }));

test("with an npm build the hook runs in a worker inside the plugin's process", () =>
  withTempDir((dir) => {
    const pkg = join(dir, "pkg");
    mkdirSync(join(pkg, "runtime"), { recursive: true });
    mkdirSync(join(pkg, "cli"), { recursive: true });
    writeFileSync(join(pkg, "cli", "main.js"), "");
    writeFileSync(
      join(pkg, "runtime", "mod.js"),
      `export async function hookEntry(argv, io) {
  await io.readStdin();
  await io.out(JSON.stringify({ block: "worker: " + argv.join(" ") }));
}
`,
    );
    const out = run(
      dir,
      launcher(dir, join(pkg, "cli", "main.js")),
      `console.log(JSON.stringify(await on["tool.call"]({ tool: "ls", toolUseID: "t", input: {}, thread })));`,
    );
    assert.deepEqual(out, {
      action: "reject-and-continue",
      message: "worker: amp PreToolUse --connector acme",
    });
  }));
