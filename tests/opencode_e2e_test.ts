/**
 * End to end on opencode, in a HOME with a commented opencode.jsonc and a
 * project that has only a CLAUDE.md: install → the server joins `mcp` in the
 * JSONC the user has → the generated plugin, loaded the way opencode loads
 * it and fired with opencode's hook arguments, blocks, rewrites and adds
 * context through the real home binary → memory lands in the CLAUDE.md
 * opencode falls back to → a second install is all `=` → uninstall gives
 * back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "jsonc-parser";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "./_helpers/seeded_box.ts";

const CONFIG = `{
  "$schema": "https://opencode.ai/config.json",
  // models
  "model": "anthropic/claude-sonnet-4-5",
  "plugin": ["opencode-wakatime"],
  "mcp": {
    /* docs search */
    "context7": { "type": "remote", "url": "https://mcp.context7.com/mcp" },
  },
}
`;
const CLAUDE_MD = "# House rules\n\nUse pnpm.\n";
const box = hostBox({
  home: { ".config/opencode/opencode.jsonc": CONFIG },
  project: { "CLAUDE.md": CLAUDE_MD },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

async function loadPlugin(dir: string): Promise<Hooks> {
  const file = join(dir, "agent-connector-acme-hosts.js");
  const mod = await import(pathToFileURL(file).href);
  const plugins = Object.values(mod) as Array<(ctx: unknown) => Promise<Hooks>>;
  assert.equal(plugins.length, 1, "one export: opencode calls every export");
  return await plugins[0]({ directory: box.project, worktree: box.project });
}

test("user scope: the server joins mcp in the user's opencode.jsonc, comments kept", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "opencode");
  assertInstalled(run, [/^! opencode {2}.*(not installed|not written|has no|runs on)/]);
  assert.match(run.stdout, /\+ opencode {2}hook plugin agent-connector-acme-hosts\.js: written/);
  assert.match(
    run.stdout,
    /= opencode {2}hook PreToolUse: runs in agent-connector-acme-hosts\.js on tool\.execute\.before/,
  );
  assert.match(run.stdout, /hook Stop: runs in \S+ on session\.idle \(observed only: /);
  const text = readFileSync(join(box.home, ".config/opencode/opencode.jsonc"), "utf8");
  assert.ok(text.includes("// models") && text.includes("/* docs search */"));
  const entry = parse(text).mcp["acme-hosts"];
  assert.equal(entry.type, "local");
  assert.equal(entry.command[0], join(box.home, ".agent-connector/bin/agent-connector"));
  assert.deepEqual(entry.environment, { ACME_DB_DSN: "{env:ACME_DB_DSN}" });
  assert.ok(
    entry.command.includes("ACME_LOG={ENV:ACME_LOG:-info}"),
    "nothing opencode would blank",
  );
  assert.equal(existsSync(join(box.home, ".config/opencode/opencode.json")), false);
});

test("the hook command the plugin runs answers each opencode payload with what the plugin applies", () => {
  const bin = join(box.home, ".agent-connector/bin/agent-connector");
  const ours = (event: string) => `'${bin}' hook opencode ${event} --connector acme-hosts`;
  const expected: Array<[string, string, unknown]> = [
    ["PreToolUse", "tool.execute.before", { block: "Use the acme tools" }],
    ["PostToolUse", "tool.execute.after", { context: "Prefer the acme query tool." }],
    ["UserPromptSubmit", "chat.message", { context: "prompt has 39 chars" }],
    ["SessionStart", "session.created", { context: "Acme DB schema v12 is loaded." }],
    ["PreCompact", "experimental.session.compacting", { context: "Keep the migration plan." }],
    ["PostCompact", "session.compacted", undefined],
    ["Stop", "session.idle", undefined],
    ["Notification", "tui.toast.show", undefined],
  ];
  for (const [event, native, reply] of expected) {
    const run = box.hook(ours(event), payload("opencode", native));
    assert.equal(run.code, 0, `${native}: ${run.stderr}`);
    assert.equal(run.stderr, "", native);
    if (reply === undefined) assert.equal(run.stdout, "", `${native} has nothing to apply`);
    else assert.deepEqual(JSON.parse(run.stdout), reply, native);
  }
  const prompt = payload("opencode", "chat.message", {
    output: { parts: [{ type: "text", text: "drop table orders" }] },
  });
  assert.deepEqual(JSON.parse(box.hook(ours("UserPromptSubmit"), prompt).stdout), {
    block: "Ask a DBA to drop tables",
  });
});

test("the generated plugin, fired with opencode's arguments, answers through the home binary", async () => {
  const hooks = await loadPlugin(join(box.home, ".config/opencode/plugins"));
  await assert.rejects(
    hooks["tool.execute.before"]({ tool: "bash", sessionID: "s1", callID: "c1" }, {
      args: { command: "psql -c 'drop table orders'" },
    }),
    /Use the acme tools/,
  );
  const edit = { args: { filePath: "/etc/hosts", content: "x" } };
  await hooks["tool.execute.before"]({ tool: "edit", sessionID: "s1", callID: "c2" }, edit);
  assert.deepEqual(edit.args, { filePath: "/safe/notes.md", content: "x" });
  const after = { title: "bash", output: "12 passing", metadata: {} };
  await hooks["tool.execute.after"](
    { tool: "bash", sessionID: "s1", callID: "c3", args: {} },
    after,
  );
  assert.equal(after.output, "12 passing\n\nPrefer the acme query tool.");
  const read = { title: "read", output: "file text", metadata: {} };
  await hooks["tool.execute.after"](
    { tool: "read", sessionID: "s1", callID: "c4", args: {} },
    read,
  );
  assert.equal(read.output, "file text", "the matcher keeps other tools untouched");
  await hooks.event({ event: { type: "session.created", properties: { info: { id: "s1" } } } });
  await hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: "hello" }] });
  const system = { system: [] as string[] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s1" }, system);
  assert.deepEqual(system.system, ["Acme DB schema v12 is loaded.", "prompt has 5 chars"]);
  await assert.rejects(
    hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: "drop table x" }] }),
    /Ask a DBA to drop tables/,
  );
  const compacting = { context: [] as string[] };
  await hooks["experimental.session.compacting"]({ sessionID: "s1" }, compacting);
  assert.deepEqual(compacting.context, ["Keep the migration plan."]);
});

test("project scope: memory goes to the CLAUDE.md opencode falls back to", async () => {
  const run = await box.cli(
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "opencode",
    "--scope",
    "project",
  );
  assertInstalled(run, [/^! opencode {2}.*(not installed|not written|has no|runs on)/]);
  const claude = readFileSync(join(box.project, "CLAUDE.md"), "utf8");
  assert.ok(claude.startsWith(CLAUDE_MD));
  assert.match(claude, /acme-hosts\/memory/);
  assert.equal(existsSync(join(box.project, "AGENTS.md")), false, "no AGENTS.md to shadow it");
  assert.ok(existsSync(join(box.project, ".opencode/plugins/agent-connector-acme-hosts.js")));
});

test("a second install of both scopes changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "opencode"));
  assertUnchanged(
    await box.cli(
      "install",
      "--connector",
      CONNECTOR,
      "--targets",
      "opencode",
      "--scope",
      "project",
    ),
  );
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
