import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { matches } from "../../core/matcher.ts";
import { type PluginEvent, pluginExportName, renderOpencodePlugin } from "./plugin.ts";

const dir = mkdtempSync(join(tmpdir(), "ac-ocplugin-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for the home binary's `hook-serve`: for each request line
// (`hook <host> <Event> --connector <id>` with a payload) it records the
// payload and answers with the reply prepared for the event, one line each.
const bin = join(dir, "fake-bin");
writeFileSync(
  bin,
  `#!/usr/bin/env node
const fs = require("node:fs");
const rl = require("node:readline").createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const { n, args, stdin } = JSON.parse(line);
  const event = args[1];
  fs.writeFileSync("${dir}/got-" + event + ".json", stdin);
  let stdout = "";
  try { stdout = fs.readFileSync("${dir}/reply-" + event + ".json", "utf8"); } catch {}
  process.stdout.write(JSON.stringify({ n, stdout }) + "\\n");
});
`,
  { mode: 0o755 },
);

const EVENTS: PluginEvent[] = [
  { event: "SessionStart", native: "session.created" },
  { event: "UserPromptSubmit", native: "chat.message" },
  { event: "PreToolUse", native: "tool.execute.before", matcher: "bash|edit" },
  { event: "PostToolUse", native: "tool.execute.after", matcher: "" },
  { event: "PreCompact", native: "experimental.session.compacting" },
  { event: "Stop", native: "session.idle" },
];

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

async function load(
  name: string,
  events = EVENTS,
  command = bin,
  timeoutMs = 10_000,
): Promise<Hooks> {
  const file = join(dir, `${name}.js`);
  writeFileSync(
    file,
    renderOpencodePlugin({
      connectorId: "acme-db",
      exec: { command, args: [] },
      events,
      timeoutMs,
    }),
  );
  const mod = await import(pathToFileURL(file).href);
  assert.deepEqual(Object.keys(mod), [pluginExportName("acme-db")], "exactly one export");
  return await mod[pluginExportName("acme-db")]({ directory: "/work/shop", worktree: "/work" });
}

function reply(event: string, value: unknown) {
  writeFileSync(join(dir, `reply-${event}.json`), JSON.stringify(value));
}
function got(event: string) {
  return JSON.parse(readFileSync(join(dir, `got-${event}.json`), "utf8"));
}
function clear(event: string) {
  rmSync(join(dir, `got-${event}.json`), { force: true });
  rmSync(join(dir, `reply-${event}.json`), { force: true });
}

test("a deny before a tool throws, which is how opencode blocks it", async () => {
  const hooks = await load("deny");
  reply("PreToolUse", { block: "Use the acme tools" });
  await assert.rejects(
    hooks["tool.execute.before"]({ tool: "bash", sessionID: "s1", callID: "c1" }, {
      args: { command: "psql" },
    }),
    /Use the acme tools/,
  );
  const payload = got("PreToolUse");
  assert.equal(payload.event, "tool.execute.before");
  assert.equal(payload.directory, "/work/shop");
  assert.deepEqual(payload.input, { tool: "bash", sessionID: "s1", callID: "c1" });
  assert.deepEqual(payload.output, { args: { command: "psql" } });
  clear("PreToolUse");
});

test("a rewrite replaces the arguments in the object opencode passed", async () => {
  const hooks = await load("modify");
  reply("PreToolUse", { args: { filePath: "/safe.txt" } });
  const output = { args: { filePath: "/etc/passwd", extra: 1 } };
  const argsObject = output.args;
  await hooks["tool.execute.before"]({ tool: "edit", sessionID: "s1", callID: "c2" }, output);
  assert.equal(output.args, argsObject, "same object, mutated in place");
  assert.deepEqual(output.args, { filePath: "/safe.txt" });
  clear("PreToolUse");
});

test("a tool the matcher excludes starts no process", async () => {
  const hooks = await load("matcher");
  reply("PreToolUse", { block: "never" });
  await hooks["tool.execute.before"]({ tool: "read", sessionID: "s1", callID: "c3" }, {
    args: {},
  });
  assert.equal(existsSync(join(dir, "got-PreToolUse.json")), false);
  clear("PreToolUse");
});

test("after a tool, the output is replaced and context is appended for the model", async () => {
  const hooks = await load("after");
  reply("PostToolUse", { output: "rows: 3", context: "Prefer the acme query tool." });
  const output = { title: "bash", output: "raw rows", metadata: {} };
  await hooks["tool.execute.after"](
    { tool: "bash", sessionID: "s1", callID: "c4", args: {} },
    output,
  );
  assert.equal(output.output, "rows: 3\n\nPrefer the acme query tool.");
  assert.deepEqual(got("PostToolUse").output, { title: "bash", output: "raw rows" });
  clear("PostToolUse");
});

test("after an MCP tool, the rewrite and context go into its content parts (opencode 1.18.33)", async () => {
  const hooks = await load("after-mcp");
  reply("PostToolUse", { output: "rows: 3", context: "Prefer the acme query tool." });
  const image = { type: "image", data: "AA==", mimeType: "image/png" };
  const output = {
    content: [{ type: "text", text: "raw" }, image, { type: "text", text: "rows" }],
  };
  await hooks["tool.execute.after"](
    { tool: "acme_query", sessionID: "s1", callID: "c5", args: {} },
    output,
  );
  assert.deepEqual(output.content, [
    { type: "text", text: "rows: 3" },
    image,
    { type: "text", text: "Prefer the acme query tool." },
  ]);
  assert.deepEqual(got("PostToolUse").output, { output: "raw\nrows" });
  clear("PostToolUse");
});

test("session and prompt context reach the model through the system transform", async () => {
  const hooks = await load("context");
  reply("SessionStart", { context: "Acme DB schema v12 is loaded." });
  await hooks.event({ event: { type: "session.created", properties: { info: { id: "s9" } } } });
  reply("UserPromptSubmit", { context: "prompt has 5 chars" });
  await hooks["chat.message"]({ sessionID: "s9" }, {
    message: {},
    parts: [{ type: "text", text: "hello" }, { type: "file", url: "x" }],
  });
  assert.deepEqual(got("UserPromptSubmit").output, { parts: [{ type: "text", text: "hello" }] });
  const output = { system: ["base"] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s9" }, output);
  assert.deepEqual(output.system, ["base", "Acme DB schema v12 is loaded.", "prompt has 5 chars"]);
  const other = { system: [] as string[] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "another" }, other);
  assert.deepEqual(other.system, []);
  reply("UserPromptSubmit", { block: "Not in this repo" });
  const blocked = {
    parts: [
      { type: "text", text: "drop the orders table" },
      { type: "file", url: "file:///dump.sql" },
      { type: "text", text: "now" },
    ],
  };
  await assert.rejects(hooks["chat.message"]({ sessionID: "s9" }, blocked), /Not in this repo/);
  assert.deepEqual(blocked.parts, [
    { type: "text", text: "[The user's prompt was blocked by a hook: Not in this repo]" },
    { type: "text", text: "" },
  ], "were the throw swallowed, the model would still not see the prompt");
  clear("SessionStart");
  clear("UserPromptSubmit");
});

test("compaction context is added to opencode's compaction prompt", async () => {
  const hooks = await load("compact");
  reply("PreCompact", { context: "Keep the migration plan." });
  const output = { context: [] as string[] };
  await hooks["experimental.session.compacting"]({ sessionID: "s1" }, output);
  assert.deepEqual(output.context, ["Keep the migration plan."]);
  clear("PreCompact");
});

test("bus events are fired without waiting for the handler", async () => {
  const hooks = await load("bus");
  await hooks.event({ event: { type: "session.idle", properties: { sessionID: "s1" } } });
  let payload: { input?: { sessionID?: string } } | undefined;
  for (let i = 0; i < 500 && !payload; i++) {
    await new Promise((r) => setTimeout(r, 20));
    try {
      payload = got("Stop");
    } catch { /* not written yet */ }
  }
  assert.equal(payload?.input?.sessionID, "s1");
  clear("Stop");
});

test("a missing binary or a reply that is not JSON changes nothing (fail-open)", async () => {
  const hooks = await load("missing", EVENTS, join(dir, "no-such-binary"));
  const output = { args: { command: "ls" } };
  await hooks["tool.execute.before"]({ tool: "bash" }, output);
  assert.deepEqual(output.args, { command: "ls" });
  const garbled = await load("garbled");
  writeFileSync(join(dir, "reply-PreToolUse.json"), "not json");
  await garbled["tool.execute.before"]({ tool: "bash" }, output);
  assert.deepEqual(output.args, { command: "ls" });
  clear("PreToolUse");
});

/** A `hook-serve` stand-in that counts its starts and then `behaviour`s on its first request. */
function misbehaving(name: string, behaviour: "exit" | "hang"): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!/usr/bin/env node
require("node:fs").appendFileSync("${dir}/${name}.starts", process.pid + "\\n");
require("node:readline").createInterface({ input: process.stdin }).on("line", () => {
  ${behaviour === "exit" ? "process.exit(3);" : "for (;;) {}"}
});
`,
    { mode: 0o755 },
  );
  return path;
}
/** The process ids of the stand-in's starts. */
const started = (name: string) =>
  readFileSync(join(dir, `${name}.starts`), "utf8").split("\n").filter(Boolean).map(Number);
const starts = (name: string) => started(name).length;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("a hook process that dies answers nothing, and the next event starts a new one", async () => {
  const hooks = await load("dies", EVENTS, misbehaving("dies-bin", "exit"));
  for (let i = 0; i < 2; i++) {
    const output = { args: { command: "ls" } };
    await hooks["tool.execute.before"]({ tool: "bash" }, output);
    assert.deepEqual(output.args, { command: "ls" });
  }
  assert.equal(starts("dies-bin"), 2);
});

test("a hook process that stops answering is dropped at the timeout (fail-open)", async () => {
  const hooks = await load("hangs", EVENTS, misbehaving("hangs-bin", "hang"), 3_000);
  for (let i = 0; i < 2; i++) {
    const output = { args: { command: "ls" } };
    await hooks["tool.execute.before"]({ tool: "bash" }, output);
    assert.deepEqual(output.args, { command: "ls" });
  }
  assert.equal(starts("hangs-bin"), 2, "a new process after the stuck one was dropped");
  for (let i = 0; i < 50 && started("hangs-bin").some(alive); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(started("hangs-bin").filter(alive), [], "each stuck process was killed");
});

test("only the hooks of declared events are present", async () => {
  const hooks = await load("only-pre", [{ event: "PreToolUse", native: "tool.execute.before" }]);
  assert.deepEqual(Object.keys(hooks), ["tool.execute.before"]);
});

test("the plugin's matcher reads exactly like core/matcher.ts", () => {
  const source = renderOpencodePlugin({
    connectorId: "m",
    exec: { command: "x", args: [] },
    events: [],
  });
  const body = source.slice(
    source.indexOf("function matches"),
    source.indexOf("function textParts"),
  );
  const pluginMatches = new Function(`${body}; return matches;`)() as (
    m: string | undefined,
    n: string,
  ) => boolean;
  const cases: Array<[string | undefined, string]> = [
    [undefined, "bash"],
    ["", "bash"],
    ["*", "bash"],
    ["bash|edit", "edit"],
    ["bash|edit", "bash_x"],
    ["Bash, Write", "Write"],
    ["mcp__acme__.*", "mcp__acme__query"],
    ["mcp__acme", "mcp__acme__query"],
    ["[unclosed", "x"],
  ];
  for (const [m, name] of cases) {
    assert.equal(pluginMatches(m, name), matches(m, name), `${m} ${name}`);
  }
});
