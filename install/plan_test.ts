import { test } from "node:test";
import assert from "node:assert/strict";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { defineConnector } from "../core/define_connector.ts";
import { HOOK_EVENT_NAMES } from "../core/hook_types.ts";
import { defineHost, type HostAdapter, type Probe } from "../adapters/descriptor.ts";
import { home } from "../adapters/paths.ts";
import { claudeServerEntry } from "../adapters/render/server_entry.ts";
import { adapter as claude } from "../adapters/claude_code/mod.ts";
import type { Ledgers } from "../io/ledgers.ts";
import type { InstallContext } from "./context.ts";
import { planInstall, planUninstall } from "./plan.ts";

const noDisk: Probe = { readText: () => undefined, exists: () => false, realPath: () => undefined };
const emptyLedgers = (): Ledgers => ({
  owned: { version: 1, records: [] },
  created: { version: 1, files: {} },
  patches: { version: 1, rows: [] },
  memory: { version: 1, rows: [] },
  dirty: new Set(),
});

function ctx(over: Partial<InstallContext> = {}): InstallContext {
  return {
    home: "/h",
    projectDir: "/p",
    env: {},
    os: "linux",
    scope: "user",
    dataRoot: "/h/.agent-connector",
    homeBin: "/h/.agent-connector/bin/agent-connector",
    dryRun: true,
    force: false,
    probe: noDisk,
    ...over,
  };
}

function conn(config: Record<string, unknown>): ResolvedConnector {
  return defineConnector({ id: "acme", ...config });
}

const everything = conn({
  server: { transport: "stdio", command: "srv" },
  hooks: Object.fromEntries(HOOK_EVENT_NAMES.map((e) => [e, { handler: () => undefined }])),
  commands: [{ name: "c1", prompt: "p" }],
  skills: [{ name: "s1", description: "d", body: "b" }],
  subagents: [{ name: "a1", description: "d", prompt: "p" }],
  memory: [{ content: "m" }],
  statusline: { render: () => "x" },
  platforms: {
    zed: {
      nativeHooks: { Foo: { handler: () => undefined } },
      configPatch: [{ key: "a.b", value: 1, reason: "because", docsUrl: "https://example.com/x" }],
    },
  },
});

/** An mcp-only host with a user-scope server file and nothing else. */
const mcpOnly: HostAdapter = defineHost({
  id: "zed",
  name: "Zed",
  paradigm: "mcp-only",
  detect: { user: [home(".config", "zed")] },
  server: {
    paths: { user: home(".config", "zed", "settings.json") },
    format: "jsonc",
    collection: { at: ["context_servers"] },
    transports: ["stdio"],
    render: claudeServerEntry,
  },
});

test("an mcp-only host reports every event and every surface it cannot take, naming itself", async () => {
  const plan = await planInstall({
    adapter: mcpOnly,
    connector: everything,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  assert.equal(plan.edits.length, 1, "only the server entry is written");
  const details = plan.notes.map((n) => `${n.action} ${n.platform} ${n.detail}`);
  for (const e of HOOK_EVENT_NAMES) {
    assert.ok(
      details.some((d) =>
        d.startsWith(`warn zed hook ${e}: not installed — Zed has no command hooks (mcp-only)`)
      ),
      e,
    );
  }
  for (
    const word of [
      "commands: 1",
      "skills: 1",
      "subagents: 1",
      "memory: 1",
      "statusline:",
      "native hooks: 1",
    ]
  ) {
    assert.ok(details.some((d) => d.includes(word)), word);
  }
  assert.ok(
    details.some((d) =>
      /configPatch a\.b: configPatch not supported on zed; set it to 1 yourself \(because\) — see https:\/\/example\.com\/x/
        .test(d)
    ),
  );
  assert.equal(plan.notes.every((n) => n.platform === "zed"), true);
});

test("a scope the host has no file for is one ! and nothing written elsewhere", async () => {
  const c = conn({ server: { transport: "stdio", command: "srv" } });
  const plan = await planInstall({
    adapter: mcpOnly,
    connector: c,
    connectorId: "acme",
    ctx: ctx({ scope: "project" }),
    ledgers: emptyLedgers(),
  });
  assert.equal(plan.edits.length, 0);
  assert.deepEqual(plan.notes.map((n) => n.detail), [
    "Zed has no project-scope MCP config; server not registered",
  ]);
});

test("a transport the host cannot register is reported, not written", async () => {
  const c = conn({ server: { transport: "http", url: "https://x.dev/mcp" } });
  const plan = await planInstall({
    adapter: mcpOnly,
    connector: c,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  assert.equal(plan.edits.length, 0);
  assert.match(plan.notes[0].detail, /cannot register a http server/);
});

test("platform overrides: server false, hooks subset, content toggles, extra and per-host server merge", async () => {
  const handler = () => undefined;
  const c = conn({
    server: { transport: "stdio", command: "srv", env: { A: "1" } },
    hooks: { Stop: { handler }, PreToolUse: { handler } },
    commands: [{ name: "c1", prompt: "p" }],
    skills: [{ name: "s1", description: "d", body: "b" }],
    platforms: {
      "claude-code": {
        hooks: { PreToolUse: { matcher: "Bash", handler } },
        commands: false,
        extra: { alwaysLoad: true },
        server: { args: ["--fast"] },
      },
    },
  });
  const plan = await planInstall({
    adapter: claude,
    connector: c,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  const server = plan.edits.find((e) => e.op === "json.set")!;
  assert.deepEqual(
    (server as { value: { args: string[]; alwaysLoad: boolean } }).value.args.slice(-2),
    ["srv", "--fast"],
  );
  assert.equal((server as { value: { alwaysLoad: boolean } }).value.alwaysLoad, true);
  const hooks = plan.edits.filter((e) => e.label?.startsWith("hook "));
  assert.deepEqual(hooks.map((h) => h.label), ["hook PreToolUse", "hook Stop"]);
  assert.equal((hooks[0] as { value: { matcher: string } }).value.matcher, "Bash");
  assert.ok(plan.notes.some((n) => n.action === "skip" && /commands: disabled/.test(n.detail)));
  assert.ok(plan.edits.some((e) => e.label === "skill s1"));
  assert.ok(!plan.edits.some((e) => e.label === "command c1"));

  const off = conn({
    server: { transport: "stdio", command: "srv" },
    hooks: { Stop: { handler } },
    platforms: { "claude-code": { server: false, hooks: false } },
  });
  const none = await planInstall({
    adapter: claude,
    connector: off,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  assert.equal(none.edits.length, 0);
  assert.deepEqual(none.notes.map((n) => n.action), ["skip", "skip"]);
});

test("Windows paths and command lines are computed on Linux", async () => {
  const c = conn({
    server: { transport: "stdio", command: "srv" },
    hooks: { Stop: { handler: () => undefined } },
  });
  const winCtx = ctx({
    os: "win32",
    home: "C:\\Users\\Ann Lee",
    projectDir: "C:\\src\\app",
    homeBin: "C:\\Users\\Ann Lee\\.agent-connector\\bin\\agent-connector.cmd",
  });
  const plan = await planInstall({
    adapter: claude,
    connector: c,
    connectorId: "acme",
    ctx: winCtx,
    ledgers: emptyLedgers(),
  });
  const server = plan.edits.find((e) => e.op === "json.set") as {
    file: string;
    value: { command: string; args: string[] };
  };
  assert.equal(server.file, "C:\\Users\\Ann Lee\\.claude.json");
  assert.equal(server.value.command, "cmd");
  assert.deepEqual(server.value.args.slice(0, 3), [
    "/c",
    "C:\\Users\\Ann Lee\\.agent-connector\\bin\\agent-connector.cmd",
    "serve",
  ]);
  const hook = plan.edits.find((e) => e.label === "hook Stop") as {
    file: string;
    value: { hooks: Array<{ command: string }> };
  };
  assert.equal(hook.file, "C:\\Users\\Ann Lee\\.claude\\settings.json");
  assert.equal(
    hook.value.hooks[0].command,
    '"C:/Users/Ann Lee/.agent-connector/bin/agent-connector.cmd" hook claude-code Stop --connector acme',
  );
});

test("CLAUDE_CONFIG_DIR moves every Claude Code user file", async () => {
  const plan = await planInstall({
    adapter: claude,
    connector: everything,
    connectorId: "acme",
    ctx: ctx({ env: { CLAUDE_CONFIG_DIR: "/cfg" } }),
    ledgers: emptyLedgers(),
  });
  const files = new Set(plan.edits.map((e) => e.file));
  for (const f of files) assert.ok(f.startsWith("/cfg/"), f);
  assert.ok(files.has("/cfg/.claude.json"));
});

test("uninstall needs no connector: it finds our hook entries and server by their command lines", async () => {
  const settings = JSON.stringify({
    hooks: {
      Stop: [{
        hooks: [{
          type: "command",
          command: "/h/.agent-connector/bin/agent-connector hook claude-code Stop --connector acme",
        }],
      }],
      PreToolUse: [{ hooks: [{ type: "command", command: "mine.sh" }] }],
      TaskCompleted: [{
        hooks: [{
          type: "command",
          command: "/old/bin/agent-connector hook claude-code TaskCompleted --connector acme",
        }],
      }],
    },
  });
  const probe: Probe = {
    ...noDisk,
    readText: (p) =>
      p === "/h/.claude/settings.json"
        ? settings
        : p === "/h/.claude.json"
        ? '{"mcpServers":{"acme":{}}}'
        : undefined,
  };
  const plan = await planUninstall({
    adapter: claude,
    connectorId: "acme",
    ctx: ctx({ probe }),
    ledgers: emptyLedgers(),
  });
  assert.deepEqual(plan.edits.map((e) => `${e.op} ${e.label}`), [
    "json.item.remove hook Stop",
    "json.item.remove hook TaskCompleted",
    "json.remove MCP server acme",
  ]);
});

test("the @AGENTS.md bridge is removed only when AGENTS.md keeps no other connector's block", async () => {
  const bridge =
    "x\n<!-- agent-connector:begin _shared/claude-agents-import hash=1 -->\n@AGENTS.md\n<!-- agent-connector:end _shared/claude-agents-import -->\n";
  const agentsOnlyOurs =
    "<!-- agent-connector:begin acme/memory hash=1 -->\nm\n<!-- agent-connector:end acme/memory -->\n";
  const agentsShared = agentsOnlyOurs +
    "\n<!-- agent-connector:begin other/memory hash=2 -->\no\n<!-- agent-connector:end other/memory -->\n";
  const c = conn({
    memory: [{ content: "m" }],
    platforms: { "claude-code": { memory: { mode: "agents-import" } } },
  });
  for (const [agents, removesBridge] of [[agentsOnlyOurs, true], [agentsShared, false]] as const) {
    const probe: Probe = {
      ...noDisk,
      readText: (p) => p === "/p/CLAUDE.md" ? bridge : p === "/p/AGENTS.md" ? agents : undefined,
    };
    const plan = await planUninstall({
      adapter: claude,
      connector: c,
      connectorId: "acme",
      ctx: ctx({ scope: "project", probe }),
      ledgers: emptyLedgers(),
    });
    const ops = plan.edits.map((e) => `${e.op} ${e.file} ${(e as { prefix?: string }).prefix}`);
    assert.ok(ops.includes("block.remove /p/AGENTS.md acme/"), ops.join("\n"));
    assert.equal(
      ops.includes("block.remove /p/CLAUDE.md _shared/claude-agents-import"),
      removesBridge,
    );
  }
});

test("platforms[id] turns off skills, subagents and memory one by one, each reported as =", async () => {
  const c = conn({
    skills: [{ name: "s1", description: "d", body: "b" }],
    subagents: [{ name: "a1", description: "d", prompt: "p" }],
    memory: [{ content: "m" }],
    platforms: { "claude-code": { skills: false, subagents: false, memory: false } },
  });
  const plan = await planInstall({
    adapter: claude,
    connector: c,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  assert.deepEqual(plan.edits, []);
  assert.deepEqual(plan.notes.map((n) => `${n.action} ${n.detail.split(":")[0]}`), [
    "skip skills",
    "skip subagents",
    "skip memory",
  ]);
});

test("a dedicated rules file is written and removed with its host's head", async () => {
  const host = defineHost({
    id: "windsurf",
    name: "Windsurf",
    paradigm: "json-stdio",
    detect: { user: [home(".codeium")] },
    memory: {
      paths: { user: home(".windsurf", "rules.md") },
      head: "---\ntrigger: always_on\n---\n",
    },
  });
  const file = "/h/.windsurf/rules.md";
  const plan = await planInstall({
    adapter: host,
    connector: conn({ memory: [{ content: "m" }] }),
    connectorId: "acme",
    ctx: ctx(),
    ledgers: emptyLedgers(),
  });
  assert.deepEqual(plan.edits.map((e) => [e.op, e.file, (e as { head?: string }).head]), [
    ["block.set", file, "---\ntrigger: always_on\n---\n"],
  ]);
  const text =
    "---\ntrigger: always_on\n---\n\n<!-- agent-connector:begin acme/memory hash=x -->\n";
  const gone = await planUninstall({
    adapter: host,
    connectorId: "acme",
    ctx: ctx({ probe: { ...noDisk, readText: (p) => (p === file ? text : undefined) } }),
    ledgers: emptyLedgers(),
  });
  assert.deepEqual(gone.edits.map((e) => [e.op, (e as { head?: string }).head]), [
    ["block.remove", "---\ntrigger: always_on\n---\n"],
  ]);
});
