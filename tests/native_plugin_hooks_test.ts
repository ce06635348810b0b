/**
 * Native hooks through the generated plugin bridges (spec §2.3 "Native
 * hooks passthrough"): each host's plugin, run under Node as the host runs
 * it, subscribes to the native name verbatim, sends the host's raw payload
 * to a `hook-serve` stand-in as `hook <host> <name>`, and applies the reply
 * verbatim the host's way — opencode assigns it onto the hook's `output`,
 * OpenClaw, Amp and pi return it. No reply and a dead process change nothing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { writeHookServeStandIn } from "./_helpers/hook_serve_stand_in.ts";
import { withTempDir } from "./_helpers/temp.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";
import { renderOpencodePlugin } from "../adapters/opencode/plugin.ts";
import { renderOpenclawPlugin } from "../adapters/openclaw/plugin.ts";
import { renderAmpPlugin } from "../adapters/amp/plugin.ts";
import { renderPiExtension } from "../adapters/pi/extension.ts";

/**
 * A `hook-serve` whose reply to a native event echoes what it was sent
 * (`host`, `event`, `raw`) beside `temperature: 0.2`; `quiet` gets no
 * reply, `crash` kills the process. Bus events leave a file `bus-<event>.json`.
 */
function standIn(dir: string): string {
  mkdirSync(join(dir, "bin"), { recursive: true });
  return writeHookServeStandIn(join(dir, "bin", "agent-connector"), {
    answer: `async (args, stdin) => {
  const [host, event] = args;
  if (event === "quiet") return "";
  if (event === "crash") process.exit(3);
  if (event === "session.idle") {
    require("node:fs").writeFileSync(${JSON.stringify(dir)} + "/bus-" + event + ".json", stdin);
    return "";
  }
  return JSON.stringify({ temperature: 0.2, host, event, raw: JSON.parse(stdin) }) + "\\n";
}`,
  });
}

/** Runs `script` in a Node module beside the plugin (imported as `plugin`); returns its JSON output. */
function run(dir: string, file: string, text: string, script: string): unknown {
  const plugin = join(dir, file);
  writeFileSync(plugin, text);
  const driver = join(dir, "driver.mjs");
  writeFileSync(
    driver,
    `import * as plugin from ${JSON.stringify(plugin)};
const on = {};
const api = { on: (name, h) => (on[name] = h), registerCommand() {} };
${script}`,
  );
  const r = spawnSync("node", [driver], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? "" },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("opencode: a native hook key gets the reply's keys on its output; a bus event is sent", () =>
  withTempDir((dir) => {
    const bin = standIn(dir);
    const text = renderOpencodePlugin({
      connectorId: "acme",
      host: "kilo-cli",
      exec: { command: bin, args: [] },
      events: [],
      natives: ["chat.params", "shell.env", "session.idle"],
      timeoutMs: 10_000,
    });
    const out = run(
      dir,
      "plugin.mjs",
      text,
      `const hooks = await Object.values(plugin)[0]({ directory: "/w/shop", worktree: "/w" });
const output = { temperature: 1, topP: 0.9, options: {} };
await hooks["chat.params"]({ sessionID: "s1", agent: "build" }, output);
await hooks.event({ event: { type: "session.idle", properties: { sessionID: "s1" } } });
const fs = await import("node:fs");
const bus = ${JSON.stringify(join(dir, "bus-session.idle.json"))};
while (!fs.existsSync(bus)) await new Promise((r) => setTimeout(r, 20));
console.log(JSON.stringify({ output, keys: Object.keys(hooks), bus: JSON.parse(fs.readFileSync(bus, "utf8")) }));
process.exit(0);`,
    ) as { output: Record<string, unknown>; keys: string[]; bus: unknown };
    assert.deepEqual(out.output, {
      temperature: 0.2,
      topP: 0.9,
      options: {},
      host: "kilo-cli",
      event: "chat.params",
      raw: {
        directory: "/w/shop",
        worktree: "/w",
        event: "chat.params",
        input: { sessionID: "s1", agent: "build" },
        output: { temperature: 1, topP: 0.9, options: {} },
      },
    });
    assert.deepEqual(out.keys, ["chat.params", "shell.env", "event"]);
    assert.deepEqual(out.bus, {
      directory: "/w/shop",
      worktree: "/w",
      event: "session.idle",
      input: { sessionID: "s1" },
    });
  }));

test("opencode: a native hook on a key a normalized event uses runs after it, and fails open", () =>
  withTempDir((dir) => {
    const text = renderOpencodePlugin({
      connectorId: "acme",
      exec: { command: standIn(dir), args: [] },
      events: [{ event: "PreToolUse", native: "tool.execute.before", matcher: "" }],
      natives: ["tool.execute.before"],
      timeoutMs: 10_000,
    });
    const out = run(
      dir,
      "plugin.mjs",
      text,
      `const hooks = await Object.values(plugin)[0]({ directory: "/w", worktree: "/w" });
const output = Object.freeze({ args: { command: "ls" } });
await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, output);
console.log(JSON.stringify(output));
process.exit(0);`,
    );
    // The normalized reply (no `block`, no `args`) changes nothing; the native
    // reply cannot be assigned onto a frozen output, and that failure stays inside.
    assert.deepEqual(out, { args: { command: "ls" } });
  }));

test("OpenClaw and NemoClaw: api.on(<name>) returns the reply verbatim, under the member's id", () =>
  withTempDir((dir) => {
    const bin = standIn(dir);
    const input = { connectorId: "acme", homeBin: bin, os: "linux" as const, events: [] };
    for (const host of ["openclaw", "nemoclaw"]) {
      const out = run(
        dir,
        `${host}.mjs`,
        renderOpenclawPlugin({ ...input, natives: ["llm_output", "quiet", "crash"] }, 10_000, host),
        `plugin.default.register(api);
const ctx = { sessionId: "s1", runId: "r1" };
const replies = [await on.llm_output({ text: "hi" }, ctx), await on.quiet({}, ctx), await on.crash({}, ctx)];
console.log(JSON.stringify(replies));
process.exit(0);`,
      ) as unknown[];
      assert.deepEqual(out[0], {
        temperature: 0.2,
        host,
        event: "llm_output",
        raw: {
          event: "llm_output",
          directory: dir,
          input: { text: "hi" },
          ctx: { sessionId: "s1", runId: "r1" },
        },
      });
      // JSON has no undefined: no reply and a dead process both return nothing.
      assert.deepEqual(out.slice(1), [null, null], host);
    }
  }));

test("Amp: amp.on(<name>) returns the reply verbatim; pi and omp: pi.on(<name>) too", () =>
  withTempDir((dir) => {
    const bin = standIn(dir);
    const amp = run(
      dir,
      "amp.mjs",
      renderAmpPlugin({
        connectorId: "acme",
        homeBin: bin,
        os: "linux",
        events: [],
        natives: ["changes.prompt"],
      }),
      `plugin.default(api);
console.log(JSON.stringify(await on["changes.prompt"]({ files: ["a.ts"] })));
process.exit(0);`,
    ) as { host: string; raw: { input: unknown } };
    assert.equal(amp.host, "amp");
    assert.deepEqual(amp.raw.input, { files: ["a.ts"] });
    const omp = run(
      dir,
      "omp.mjs",
      renderPiExtension({
        host: "omp",
        connectorId: "acme",
        exec: { command: bin, args: [] },
        events: [],
        natives: ["turn_end"],
        timeoutMs: 10_000,
      }),
      `plugin.default(api);
const ctx = { cwd: "/w", sessionManager: { getSessionId: () => "s9" } };
console.log(JSON.stringify(await on.turn_end({ turnIndex: 2 }, ctx)));
process.exit(0);`,
    );
    assert.deepEqual(omp, {
      temperature: 0.2,
      host: "omp",
      event: "turn_end",
      raw: { cwd: "/w", sessionId: "s9", event: "turn_end", input: { turnIndex: 2 } },
    });
  }));

test("install wires the native hooks into the plugin instead of skipping them", async () => {
  await withTempDir(async (home) => {
    const r = await runCliCaptured(
      [
        "install",
        "--connector",
        join(REPO, "tests", "fixtures", "connectors", "acme-native-plugins"),
        "--targets",
        "opencode,openclaw,amp,omp",
        "--dry-run",
      ],
      { home, env: { HOME: home }, cwd: home },
    );
    assert.doesNotMatch(r.stdout + r.stderr, /native hooks: \d+ skipped/);
    for (
      const name of ["chat.params", "session.idle", "llm_output", "changes.prompt", "turn_end"]
    ) {
      assert.match(r.stdout, new RegExp(`native hook ${name.replace(".", "\\.")}: runs in`), name);
    }
  });
});
