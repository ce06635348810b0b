import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeHookServeStandIn } from "../../tests/_helpers/hook_serve_stand_in.ts";
import { type PiExtensionEvent, renderPiExtension } from "./extension.ts";

const dir = mkdtempSync(join(tmpdir(), "ac-piext-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for the home binary: its `hook-serve` records each event's payload and
// answers with the reply prepared for the event; `action pi <id> …` prints what it ran.
const bin = writeHookServeStandIn(join(dir, "fake-bin"), {
  answer: `async (args, stdin) => {
  const fs = require("node:fs");
  fs.writeFileSync(${JSON.stringify(dir)} + "/got-" + args[1] + ".json", stdin);
  try {
    return fs.readFileSync(${JSON.stringify(dir)} + "/reply-" + args[1] + ".json", "utf8");
  } catch {
    return "";
  }
}`,
  other: `(argv) => console.log("ran " + argv[2])`,
});

// A stdio MCP server with one tool, logging each call.
const server = join(dir, "server.mjs");
const serverLog = join(dir, "server-calls.log");
writeFileSync(
  server,
  `import { createInterface } from "node:readline";
import { appendFileSync } from "node:fs";
const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.method === "initialize") send({ jsonrpc: "2.0", id: msg.id, result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "t", version: "1" } } });
  if (msg.method === "tools/list") send({ jsonrpc: "2.0", id: msg.id, result: { tools: [{ name: "lookup", description: "Looks a word up", inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } }] } });
  if (msg.method === "tools/call" && msg.params.arguments.query === "hang") return;
  if (msg.method === "tools/call") {
    appendFileSync(${JSON.stringify(serverLog)}, JSON.stringify(msg.params) + "\\n");
    send({ jsonrpc: "2.0", id: msg.id, result: { content: [{ type: "text", text: "result:" + msg.params.arguments.query }] } });
  }
});
`,
);

const EVENTS: PiExtensionEvent[] = [
  { event: "SessionStart", native: "session_start" },
  { event: "UserPromptSubmit", native: "input" },
  { event: "PreToolUse", native: "tool_call", matcher: "bash|edit" },
  { event: "PostToolUse", native: "tool_result", matcher: "" },
  { event: "PreCompact", native: "session_before_compact" },
  { event: "Stop", native: "agent_end" },
];

type Handler = (event: Record<string, unknown>, ctx: unknown) => Promise<unknown>;
interface Tool {
  name: string;
  description: string;
  parameters: unknown;
  execute(id: string, params: unknown, signal?: AbortSignal): Promise<{ content: unknown[] }>;
}

/** A stand-in for pi's ExtensionAPI: records handlers, tools and commands. */
function fakePi() {
  const handlers = new Map<string, Handler[]>();
  const tools: Tool[] = [];
  const commands = new Map<string, { handler(args: string, ctx: unknown): Promise<void> }>();
  const notes: string[] = [];
  const ctx = { cwd: "/work/shop", hasUI: true, ui: { notify: (t: string) => notes.push(t) } };
  return {
    tools,
    commands,
    notes,
    ctx,
    api: {
      on: (name: string, h: Handler) => handlers.set(name, [...handlers.get(name) ?? [], h]),
      registerTool: (t: Tool) => tools.push(t),
      registerCommand: (name: string, def: { handler(a: string, c: unknown): Promise<void> }) =>
        commands.set(name, def),
    },
    /** Runs every handler of `name` in order, as pi's runner does; the last result wins. */
    async emit(name: string, event: Record<string, unknown> = {}): Promise<unknown> {
      let result: unknown;
      for (const h of handlers.get(name) ?? []) result = (await h(event, ctx)) ?? result;
      return result;
    },
  };
}

let loads = 0;
async function load(opts: Partial<Parameters<typeof renderPiExtension>[0]> = {}) {
  const file = join(dir, `ext-${loads++}.js`);
  writeFileSync(
    file,
    renderPiExtension({
      host: "pi",
      connectorId: "acme",
      exec: { command: bin, args: [] },
      events: EVENTS,
      timeoutMs: 10_000,
      ...opts,
    }),
  );
  const mod = await import(pathToFileURL(file).href);
  assert.deepEqual(Object.keys(mod), ["default"], "one default export");
  const pi = fakePi();
  mod.default(pi.api);
  return pi;
}

const reply = (event: string, value: unknown) =>
  writeFileSync(join(dir, `reply-${event}.json`), JSON.stringify(value));
const got = (event: string) => JSON.parse(readFileSync(join(dir, `got-${event}.json`), "utf8"));
const clear = (event: string) => {
  rmSync(join(dir, `got-${event}.json`), { force: true });
  rmSync(join(dir, `reply-${event}.json`), { force: true });
};

function serverFile(entry: Record<string, unknown>): string {
  const file = join(dir, `servers-${loads}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: { acme: entry, other: { command: "false" } } }));
  return file;
}

test("the bridge registers the server's tools before the first prompt and calls them", async () => {
  const pi = await load({
    events: [],
    serverFile: serverFile({ command: "node", args: [server] }),
  });
  await pi.emit("session_start", { reason: "startup" });
  assert.deepEqual(pi.tools.map((t) => [t.name, t.description]), [[
    "acme_lookup",
    "Looks a word up",
  ]]);
  assert.deepEqual((pi.tools[0].parameters as { required: string[] }).required, ["query"]);
  const result = await pi.tools[0].execute("call-1", { query: "apple" });
  assert.deepEqual(result.content, [{ type: "text", text: "result:apple" }]);
  assert.deepEqual(
    readFileSync(serverLog, "utf8").trim().split("\n").map((l) => JSON.parse(l)),
    [{ name: "lookup", arguments: { query: "apple" } }],
  );
  // A call the server never answers ends when pi aborts the turn.
  const abort = new AbortController();
  const hanging = pi.tools[0].execute("call-2", { query: "hang" }, abort.signal);
  abort.abort();
  await assert.rejects(hanging, /cancelled/);
  await pi.emit("session_shutdown", { reason: "quit" });
});

test("a server that is missing or crashes leaves pi without tools, not stuck", async () => {
  for (const entry of [{ command: join(dir, "no-such-server") }, { command: "false" }]) {
    const pi = await load({ events: [], serverFile: serverFile(entry) });
    await pi.emit("session_start", {});
    assert.deepEqual(pi.tools, []);
  }
  const none = await load({ events: [], serverFile: join(dir, "no-such-file.json") });
  await none.emit("session_start", {});
  assert.deepEqual(none.tools, []);
});

test("a deny before a tool blocks it with the reason; a rewrite replaces the input in place", async () => {
  const pi = await load();
  reply("PreToolUse", { block: "Use the acme tools" });
  const input: Record<string, unknown> = { command: "psql", timeout: 5 };
  assert.deepEqual(
    await pi.emit("tool_call", { toolName: "bash", toolCallId: "c1", input }),
    { block: true, reason: "Use the acme tools" },
  );
  const payload = got("PreToolUse");
  assert.deepEqual(payload, {
    cwd: "/work/shop",
    sessionId: "",
    event: "tool_call",
    input: { toolName: "bash", toolCallId: "c1", input: { command: "psql", timeout: 5 } },
  });
  reply("PreToolUse", { args: { command: "echo dry-run" } });
  assert.equal(
    await pi.emit("tool_call", { toolName: "bash", toolCallId: "c2", input }),
    undefined,
  );
  assert.deepEqual(input, { command: "echo dry-run" });
  clear("PreToolUse");
});

test("a tool the matcher leaves out starts no process", async () => {
  const pi = await load();
  reply("PreToolUse", { block: "no" });
  assert.equal(await pi.emit("tool_call", { toolName: "read", input: {} }), undefined);
  assert.ok(!existsSync(join(dir, "got-PreToolUse.json")));
  clear("PreToolUse");
});

test("after a tool, the output is replaced and context appended; images are kept", async () => {
  const pi = await load();
  reply("PostToolUse", { output: "redacted", context: "audited" });
  const image = { type: "image", data: "AA==", mimeType: "image/png" };
  const result = await pi.emit("tool_result", {
    toolName: "bash",
    input: { command: "cat .env" },
    content: [{ type: "text", text: "SECRET=1" }, image],
  });
  assert.deepEqual(result, {
    content: [{ type: "text", text: "redacted" }, image, { type: "text", text: "audited" }],
  });
  assert.equal(got("PostToolUse").input.output, "SECRET=1");
  clear("PostToolUse");
});

test("a blocked prompt is handled without the model; context reaches the system prompt", async () => {
  const pi = await load();
  reply("UserPromptSubmit", { block: "not today" });
  assert.deepEqual(await pi.emit("input", { text: "drop it", source: "interactive" }), {
    action: "handled",
  });
  assert.deepEqual(pi.notes, ["not today"]);
  reply("SessionStart", { context: "from the session" });
  reply("UserPromptSubmit", { context: "from the prompt" });
  await pi.emit("session_start", { reason: "startup" });
  assert.equal(await pi.emit("input", { text: "hello", source: "interactive" }), undefined);
  assert.deepEqual(await pi.emit("before_agent_start", { systemPrompt: "base" }), {
    systemPrompt: "base\n\nfrom the session\n\nfrom the prompt",
  });
  // The prompt's note is for one turn only.
  assert.deepEqual(await pi.emit("before_agent_start", { systemPrompt: "base" }), {
    systemPrompt: "base\n\nfrom the session",
  });
  // oh-my-pi hands the system prompt over as a list of parts: the notes are more parts.
  await pi.emit("input", { text: "again", source: "interactive" });
  assert.deepEqual(await pi.emit("before_agent_start", { systemPrompt: ["base", "rules"] }), {
    systemPrompt: ["base", "rules", "from the session", "from the prompt"],
  });
  for (const e of ["UserPromptSubmit", "SessionStart"]) clear(e);
});

test("a deny before compaction cancels it", async () => {
  const pi = await load();
  reply("PreCompact", { block: "keep it" });
  assert.deepEqual(await pi.emit("session_before_compact", {}), { cancel: true });
  clear("PreCompact");
});

test("every handler is fail-open when the binary is missing or answers garbage", async () => {
  const pi = await load({ exec: { command: join(dir, "no-such-bin"), args: [] } });
  assert.equal(await pi.emit("tool_call", { toolName: "bash", input: {} }), undefined);
  assert.equal(await pi.emit("tool_result", { toolName: "bash", content: [] }), undefined);
  assert.equal(await pi.emit("input", { text: "x" }), undefined);
  await pi.emit("session_start", {});
  assert.equal(await pi.emit("before_agent_start", { systemPrompt: "base" }), undefined);
  writeFileSync(join(dir, "reply-PreToolUse.json"), "not json");
  const garbage = await load();
  assert.equal(await garbage.emit("tool_call", { toolName: "bash", input: {} }), undefined);
  clear("PreToolUse");
});

test("each action is a /<connector>:<action> command that runs the dispatch verb", async () => {
  const pi = await load({ events: [], actions: [{ id: "deploy", description: "Deploy" }] });
  assert.deepEqual([...pi.commands.keys()], ["acme:deploy"]);
  await pi.commands.get("acme:deploy")!.handler("", pi.ctx);
  assert.deepEqual(pi.notes, ["ran deploy"]);
});
