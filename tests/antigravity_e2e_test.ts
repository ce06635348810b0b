/**
 * End to end on Antigravity (the IDE), in a temporary HOME holding a user's
 * own MCP server (CRLF) and a named hook: install → our entries under the
 * `agent-connector` named hook, tool events as groups and the rest as bare
 * handlers → the hook commands answer by exit code → a second install is
 * all `=` → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assertUnchanged, fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const box = hostBox({
  home: {
    ".gemini/antigravity/mcp_config.json":
      '{\r\n  "mcpServers": {\r\n    "harbour-db": { "command": "./bin/harbour-mcp", "env": { "PGPORT": "5432" } }\r\n  }\r\n}\r\n',
    ".gemini/antigravity/hooks.json": `{
  "lint-on-stop": {
    "Stop": [{ "type": "command", "command": "make lint" }]
  }
}
`,
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const named = () =>
  JSON.parse(readFileSync(join(box.home, ".gemini/antigravity/hooks.json"), "utf8"));

test("install writes serverUrl-free stdio entry, named hooks in both shapes, and the content", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "antigravity");
  // (The stderr note about the fixture's package name is not ours to judge.)
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\+ antigravity {2}MCP server acme-hosts: added/);
  assert.match(
    run.stdout,
    /! antigravity {2}hook SessionEnd: not installed — Antigravity has no SessionEnd event/,
  );
  const servers = JSON.parse(
    readFileSync(join(box.home, ".gemini/antigravity/mcp_config.json"), "utf8"),
  ).mcpServers;
  assert.deepEqual(Object.keys(servers), ["harbour-db", "acme-hosts"]);
  const file = named();
  assert.deepEqual(Object.keys(file), ["lint-on-stop", "agent-connector"]);
  const ours = file["agent-connector"];
  assert.equal(typeof ours.Stop[0].command, "string", "Stop takes a bare handler");
  assert.equal(typeof ours.PreInvocation[0].command, "string");
  assert.equal(typeof ours.PreToolUse[0].hooks[0].command, "string", "tools take groups");
  assert.ok(readFileSync(join(box.home, ".gemini/antigravity/global_workflows/acme-deploy.md")));
});

test("the hook commands answer Antigravity with exit codes", () => {
  const ours = named()["agent-connector"];
  const pre = ours.PreToolUse[0].hooks[0].command;
  const deny = box.hook(
    pre,
    JSON.stringify({
      conversationId: "c1",
      toolName: "run_command",
      toolInput: { CommandLine: "rm -rf /" },
    }),
  );
  assert.deepEqual(deny, { code: 2, stdout: "", stderr: "Use the acme tools\n" });
  const ok = box.hook(
    pre,
    JSON.stringify({ conversationId: "c1", tool_name: "view_file", tool_input: { path: "a.ts" } }),
  );
  assert.deepEqual(ok, { code: 0, stdout: "", stderr: "" });
  // Stop cannot be blocked by exit code here: the deny is dropped, not written.
  assert.equal(box.hook(ours.Stop[0].command, JSON.stringify({ conversationId: "c1" })).code, 0);
});

test("a second install prints only = and the notes of what Antigravity cannot take", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "antigravity"));
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
