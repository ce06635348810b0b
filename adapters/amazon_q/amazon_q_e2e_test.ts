/**
 * End to end on the Amazon Q Developer CLI, in a temporary HOME holding the
 * user's CRLF mcp.json and an agent of theirs: install → the server beside
 * theirs and hooks in q_cli_default.json; the hook commands answer with
 * exit codes and context on stdout; a second install is all `=`;
 * uninstall --purge gives back every byte.
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
  '{\r\n  "mcpServers": {\r\n    "docs": { "command": "uvx", "args": ["aws-docs"] }\r\n  }\r\n}\r\n';
const box = hostBox({
  home: {
    ".aws/amazonq/mcp.json": MCP,
    ".aws/amazonq/cli-agents/mine.json": '{ "name": "mine", "tools": ["fs_read"] }\n',
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const agent = () =>
  JSON.parse(
    readFileSync(join(box.home, ".aws/amazonq/cli-agents/q_cli_default.json"), "utf8"),
  );

test("install writes the server and the default agent's hooks", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "amazon-q");
  assertInstalled(run, [/^! amazon-q {2}/]);
  const mcp = readFileSync(join(box.home, ".aws/amazonq/mcp.json"), "utf8");
  assert.match(mcp, /"docs": \{ "command": "uvx", "args": \["aws-docs"\] \},?\r\n/);
  assert.match(mcp, /"ACME_DB_DSN": "\$\{env:ACME_DB_DSN\}"/);
  assert.equal(agent().name, "q_cli_default");
  assert.match(run.stdout, /! amazon-q {2}hook Notification: not installed/);
});

test("the hook commands answer Amazon Q: exit 2 on preToolUse, context on agentSpawn", () => {
  const hooks = agent().hooks;
  const pre = box.hook(hooks.preToolUse[0].command, payload("amazon-q", "preToolUse"));
  assert.deepEqual(pre, { code: 2, stdout: "", stderr: "Use the acme tools\n" });
  const spawn = box.hook(hooks.agentSpawn[0].command, payload("amazon-q", "agentSpawn"));
  assert.deepEqual(spawn, { code: 0, stdout: "Acme DB schema v12 is loaded.\n", stderr: "" });
});

test("a second install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "amazon-q"));
});

test("uninstall --purge gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
