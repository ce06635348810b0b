/**
 * The generated Amp plugin, run as Amp runs it (a default export given the
 * plugin API), under Node against a stand-in home binary: `tool.call`'s
 * answers for a block, new arguments and a failure (always `allow`, never
 * the thread-stopping `error`), `tool.result`'s context, `agent.end`'s
 * continue, all through one `hook-serve` process.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeHookServeStandIn } from "../../tests/_helpers/hook_serve_stand_in.ts";
import { withTempDir } from "../../tests/_helpers/temp.ts";
import { renderAmpPlugin } from "./plugin.ts";

const EVENTS = [
  { event: "PreToolUse" as const, native: "tool.call", matcher: "" },
  { event: "PostToolUse" as const, native: "tool.result", matcher: "" },
  { event: "Stop" as const, native: "agent.end" },
];

/** A `hook-serve` answering by the event and the tool named in the payload. */
function launcher(dir: string): string {
  mkdirSync(join(dir, "bin"), { recursive: true });
  return writeHookServeStandIn(join(dir, "bin", "agent-connector"), {
    answer: `async (args, stdin) => {
  const tool = JSON.parse(stdin).input.tool;
  if (args[1] === "PreToolUse" && tool === "deny") return '{"block":"no deny"}';
  if (args[1] === "PreToolUse" && tool === "edit") return '{"args":{"path":"/safe"}}';
  if (args[1] === "PreToolUse") return "";
  if (args[1] === "PostToolUse") return '{"context":"audited"}';
  if (args[1] === "Stop") return '{"block":"run the checks"}';
}`,
  });
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
