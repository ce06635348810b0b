/**
 * End to end on Open Interpreter's Codex-based CLI, in a temporary HOME whose
 * `~/.openinterpreter/config.toml` is commented and CRLF: install → the
 * server table and hooks in its home, none in Codex's → the hook command
 * answers in Codex's format → a second install is all `=` → uninstall gives
 * back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { assertUnchanged, fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const TOML =
  '# my Open Interpreter setup\r\nmodel = "gpt-5.1"  # fast enough\r\n\r\n[mcp_servers.fetch]\r\ncommand = "uvx"\r\nargs = ["mcp-server-fetch"]\r\n';
const box = hostBox({ home: { ".openinterpreter/config.toml": TOML } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const home = (rel: string) => join(box.home, ".openinterpreter", rel);

test("install writes into ~/.openinterpreter, the user's TOML kept, nothing in ~/.codex", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "open-interpreter");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\+ open-interpreter {2}MCP server acme-hosts: added/);
  const toml = readFileSync(home("config.toml"), "utf8");
  assert.ok(toml.startsWith(TOML), "the user's lines first, byte for byte");
  assert.match(toml, /\[mcp_servers\.acme-hosts\]\r\n/);
  assert.ok(existsSync(home("hooks.json")));
  assert.equal(existsSync(join(box.home, ".codex")), false);
});

test("the hook command answers a Codex payload", () => {
  const hooks = JSON.parse(readFileSync(home("hooks.json"), "utf8")).hooks;
  const pre = hooks.PreToolUse.flatMap((g: { hooks: Array<{ command: string }> }) => g.hooks)
    .find((h: { command: string }) => h.command.includes("hook open-interpreter PreToolUse"));
  const out = box.hook(
    pre.command,
    JSON.stringify({
      session_id: "s",
      cwd: "/w",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    }),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /Use the acme tools/);
});

test("a second install prints only = and the notes of what Open Interpreter cannot take", async () => {
  assertUnchanged(
    await box.cli("install", "--connector", CONNECTOR, "--targets", "open-interpreter"),
  );
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(readFileSync(home("config.toml"), "utf8"), TOML);
  box.assertRestored();
});
