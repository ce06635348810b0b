import { test } from "node:test";
import assert from "node:assert/strict";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { defineConnector } from "../core/define_connector.ts";
import { defineHost, type HostAdapter, type Probe } from "../adapters/descriptor.ts";
import { home, project } from "../adapters/paths.ts";
import { claudeServerEntry } from "../adapters/render/server_entry.ts";
import type { Ledgers } from "../io/ledgers.ts";
import type { InstallContext } from "./context.ts";
import type { FileSetEdit, JsonItemSetEdit } from "./edits.ts";
import { planInstall, planUninstall } from "./plan.ts";

const noDisk: Probe = { readText: () => undefined, exists: () => false, realPath: () => undefined };
const ledgers = (files: string[] = []): Ledgers => ({
  owned: {
    version: 1,
    records: files.map((file) => ({ platform: "cline", file, kind: "file", at: "", hash: "x" })),
  },
  created: { version: 1, files: {} },
  patches: { version: 1, rows: [] },
  memory: { version: 1, rows: [] },
  dirty: new Set(),
});
const ctx = (over: Partial<InstallContext> = {}): InstallContext => ({
  home: "/h",
  projectDir: "/p",
  env: {},
  os: "linux",
  scope: "project",
  dataRoot: "/h/.agent-connector",
  homeBin: "/h/.agent-connector/bin/agent-connector",
  dryRun: true,
  force: false,
  probe: noDisk,
  ...over,
});
const connector = (hooks: Record<string, unknown>): ResolvedConnector =>
  defineConnector({ id: "acme", hooks });
const handler = () => undefined;

/** A host with one script per native event (Cline's shape). */
const scripts: HostAdapter = defineHost({
  id: "cline",
  name: "Cline",
  paradigm: "json-stdio",
  detect: { user: [home(".cline")] },
  hooks: {
    layout: "script-per-event",
    paths: { project: project(".clinerules", "hooks") },
    events: {
      SessionStart: { name: "TaskStart", also: ["TaskResume"] },
      PreToolUse: { name: "PreToolUse" },
    },
    matchers: "ignored",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: true },
    script: (i) => ({ name: i.native, text: `#!/bin/sh\nexec ${i.command}\n`, mode: 0o755 }),
  },
});

/** A host running hooks through one generated plugin (opencode's shape). */
const plugin: HostAdapter = defineHost({
  id: "opencode",
  name: "opencode",
  paradigm: "ts-plugin",
  detect: { user: [home(".config", "opencode")] },
  hooks: {
    layout: "plugin-module",
    paths: { project: project(".opencode", "plugins") },
    events: {
      PreToolUse: { name: "tool.execute.before", matcher: true },
      Stop: { name: "session.idle" },
    },
    matchers: "claude",
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    module: (i) => ({ name: `ac-${i.connectorId}.js`, text: JSON.stringify(i.events) }),
  },
});

test("a script host gets one executable per native event, each running the event's hook", async () => {
  const plan = await planInstall({
    adapter: scripts,
    connector: connector({ SessionStart: { handler }, PreToolUse: { handler }, Stop: { handler } }),
    connectorId: "acme",
    ctx: ctx(),
    ledgers: ledgers(),
  });
  const sets = plan.edits as FileSetEdit[];
  assert.deepEqual(sets.map((e) => [e.file, e.mode, e.label]), [
    ["/p/.clinerules/hooks/TaskStart", 0o755, "hook SessionStart (as TaskStart)"],
    ["/p/.clinerules/hooks/TaskResume", 0o755, "hook TaskResume (SessionStart)"],
    ["/p/.clinerules/hooks/PreToolUse", 0o755, "hook PreToolUse"],
  ]);
  assert.match(sets[1].content, /hook cline SessionStart --connector acme/);
  assert.deepEqual(plan.notes.map((n) => n.detail), [
    "hook Stop: not installed — Cline has no Stop event",
  ]);
});

test("another connector's script for the same event is reported, never overwritten", async () => {
  const theirs =
    "#!/bin/sh\nexec /h/.agent-connector/bin/agent-connector hook cline PreToolUse --connector beta\n";
  const plan = await planInstall({
    adapter: scripts,
    connector: connector({ PreToolUse: { handler } }),
    connectorId: "acme",
    ctx: ctx({
      probe: { ...noDisk, readText: (p) => p.endsWith("PreToolUse") ? theirs : undefined },
    }),
    ledgers: ledgers(),
  });
  assert.deepEqual(plan.edits, []);
  assert.match(
    plan.notes[0].detail,
    /one script per event and .*PreToolUse runs the connector "beta"/,
  );
});

test("scripts of events no longer declared are removed, and uninstall removes every one", async () => {
  const owned = [
    "/p/.clinerules/hooks/TaskStart",
    "/p/.clinerules/hooks/PreToolUse",
    "/p/.clinerules/other/x",
  ];
  const plan = await planInstall({
    adapter: scripts,
    connector: connector({ PreToolUse: { handler } }),
    connectorId: "acme",
    ctx: ctx(),
    ledgers: ledgers(owned),
  });
  assert.deepEqual(plan.edits.map((e) => [e.op, e.file]), [
    ["file.set", "/p/.clinerules/hooks/PreToolUse"],
    ["file.remove", "/p/.clinerules/hooks/TaskStart"],
  ]);
  const gone = await planUninstall({
    adapter: scripts,
    connectorId: "acme",
    ctx: ctx(),
    ledgers: ledgers(owned),
  });
  assert.deepEqual(gone.edits.map((e) => [e.op, e.file]), [
    ["file.remove", "/p/.clinerules/hooks/PreToolUse"],
    ["file.remove", "/p/.clinerules/hooks/TaskStart"],
  ]);
});

test("a plugin host gets one module with every declared event and a note for each", async () => {
  const plan = await planInstall({
    adapter: plugin,
    connector: connector({
      PreToolUse: { matcher: "bash", handler },
      Stop: { handler },
      SessionEnd: { handler },
    }),
    connectorId: "acme",
    ctx: ctx(),
    ledgers: ledgers(),
  });
  const [edit] = plan.edits as FileSetEdit[];
  assert.equal(edit.file, "/p/.opencode/plugins/ac-acme.js");
  assert.equal(edit.label, "hook plugin ac-acme.js");
  assert.deepEqual(JSON.parse(edit.content), [
    { event: "PreToolUse", native: "tool.execute.before", matcher: "bash" },
    { event: "Stop", native: "session.idle" },
  ]);
  assert.deepEqual(plan.notes.map((n) => [n.action, n.detail]), [
    ["warn", "hook SessionEnd: not installed — opencode has no SessionEnd event"],
    ["skip", "hook PreToolUse: runs in ac-acme.js on tool.execute.before"],
    ["skip", "hook Stop: runs in ac-acme.js on session.idle"],
  ]);
});

test("a config-file host writes the same entry under every native event of one hook", async () => {
  const host = defineHost({
    id: "windsurf",
    name: "Windsurf",
    paradigm: "json-stdio",
    detect: { user: [home(".codeium")] },
    hooks: {
      layout: "flat-entries",
      paths: { project: project(".windsurf", "hooks.json") },
      format: "json",
      at: ["hooks"],
      events: { PreToolUse: { name: "pre_run_command", also: ["pre_read_code"] } },
      handler: (command) => ({ command }),
      matchers: "ignored",
      powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
    },
  });
  const plan = await planInstall({
    adapter: host,
    connector: connector({ PreToolUse: { handler } }),
    connectorId: "acme",
    ctx: ctx(),
    ledgers: ledgers(),
  });
  const items = plan.edits as JsonItemSetEdit[];
  assert.deepEqual(items.map((e) => e.path), [["hooks", "pre_run_command"], [
    "hooks",
    "pre_read_code",
  ]]);
  assert.deepEqual(items[0].value, items[1].value);
});

test("a host whose scopes keep servers in different shapes gets each scope's shape", async () => {
  const host = defineHost({
    id: "continue",
    name: "Continue",
    paradigm: "json-stdio",
    detect: { user: [home(".continue")] },
    server: {
      paths: { user: home(".continue", "config.yaml"), project: project(".continue", "mcp.json") },
      format: "yaml",
      collection: { at: ["mcpServers"], keyField: "name" },
      transports: ["stdio"],
      render: claudeServerEntry,
      scopes: { project: { format: "json", collection: { at: ["mcpServers"] } } },
    },
  });
  const server = defineConnector({ id: "acme", server: { transport: "stdio", command: "srv" } });
  const run = async (scope: "user" | "project") =>
    (await planInstall({
      adapter: host,
      connector: server,
      connectorId: "acme",
      ctx: ctx({ scope }),
      ledgers: ledgers(),
    }))
      .edits[0];
  const user = await run("user");
  assert.equal(user.op, "yaml.item.set");
  assert.equal(user.file, "/h/.continue/config.yaml");
  const proj = await run("project");
  assert.equal(proj.op, "json.set");
  assert.deepEqual((proj as { path: readonly string[] }).path, ["mcpServers", "acme"]);
});
