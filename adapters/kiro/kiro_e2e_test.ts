/**
 * End to end on Kiro, in a temporary HOME holding the user's CRLF mcp.json
 * and an agent of theirs: install → the server beside theirs, hooks in
 * kiro_default.json; the hook commands answer with exit codes and context
 * on stdout; a second install is all `=`; uninstall --purge gives back
 * every byte and removes the agent file it created.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "../../tests/_helpers/seeded_box.ts";

const MCP =
  '{\r\n  "mcpServers": {\r\n    "fetch": { "command": "uvx", "args": ["mcp-server-fetch"] }\r\n  }\r\n}\r\n';
const box = hostBox({
  home: {
    ".kiro/settings/mcp.json": MCP,
    ".kiro/agents/reviewer.json": '{ "name": "reviewer", "tools": ["read"] }\n',
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const agent = () =>
  JSON.parse(readFileSync(join(box.home, ".kiro/agents/kiro_default.json"), "utf8"));

test("install writes the server and the default agent's hooks", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "kiro");
  assertInstalled(run, [/^! kiro {2}/]);
  const mcp = readFileSync(join(box.home, ".kiro/settings/mcp.json"), "utf8");
  assert.match(mcp, /"fetch": \{ "command": "uvx", "args": \["mcp-server-fetch"\] \},?\r\n/);
  assert.match(mcp, /"acme-hosts": \{\r\n/);
  assert.equal(agent().name, "kiro_default");
  assert.deepEqual(agent().tools, ["*"]);
  assert.match(run.stdout, /! kiro {2}hook PreCompact: not installed/);
});

test("the hook commands answer Kiro: exit 2 on preToolUse, context on agentSpawn", () => {
  const hooks = agent().hooks;
  const pre = box.hook(hooks.preToolUse[0].command, payload("kiro", "preToolUse"));
  assert.deepEqual(pre, { code: 2, stdout: "", stderr: "Use the acme tools\n" });
  const spawn = box.hook(hooks.agentSpawn[0].command, payload("kiro", "agentSpawn"));
  assert.deepEqual(spawn, { code: 0, stdout: "Acme DB schema v12 is loaded.\n", stderr: "" });
  const stop = box.hook(hooks.stop[0].command, payload("kiro", "stop"));
  assert.equal(stop.code, 0);
});

test("a second install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "kiro"));
});

test("uninstall --purge gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
