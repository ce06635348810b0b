/**
 * End to end on OpenHands, in a temporary HOME holding a user's own MCP
 * server (CRLF) and a snake_case stop hook: install → our groups beside the
 * user's under the snake_case event keys → the hook commands answer with
 * OpenHands' `{decision, reason}` JSON → a second install is all `=` →
 * uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assertUnchanged, fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const box = hostBox({
  home: {
    ".openhands/mcp.json":
      '{\r\n  "mcpServers": {\r\n    "fetch": { "command": "uvx", "args": ["mcp-server-fetch"] }\r\n  }\r\n}\r\n',
    ".openhands/hooks.json": `{
  "stop": [
    { "matcher": "*", "hooks": [{ "type": "command", "command": "~/on_stop.sh", "timeout": 300 }] }
  ]
}
`,
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const hooks = () => JSON.parse(readFileSync(join(box.home, ".openhands/hooks.json"), "utf8"));
const ours = (event: string) =>
  (hooks()[event] as Array<{ hooks: Array<{ command: string }> }>)
    .flatMap((g) => g.hooks).find((h) => h.command.includes("acme-hosts"))!.command;

test("install writes the server and the six events in snake_case beside the user's", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "openhands");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\+ openhands {2}MCP server acme-hosts: added/);
  assert.match(
    run.stdout,
    /! openhands {2}hook PreCompact: not installed — OpenHands has no PreCompact/,
  );
  const servers =
    JSON.parse(readFileSync(join(box.home, ".openhands/mcp.json"), "utf8")).mcpServers;
  assert.deepEqual(Object.keys(servers), ["fetch", "acme-hosts"]);
  const file = hooks();
  assert.deepEqual(Object.keys(file).sort(), [
    "post_tool_use",
    "pre_tool_use",
    "session_end",
    "session_start",
    "stop",
    "user_prompt_submit",
  ]);
  assert.equal(file.stop[0].hooks[0].command, "~/on_stop.sh", "the user's hook first");
});

test("the hook commands answer OpenHands with its JSON reply", () => {
  const deny = box.hook(
    ours("pre_tool_use"),
    JSON.stringify({
      event_type: "PreToolUse",
      tool_name: "terminal",
      tool_input: { command: "rm -rf /" },
    }),
  );
  assert.deepEqual(deny, {
    code: 0,
    stdout: '{"decision":"deny","reason":"Use the acme tools"}\n',
    stderr: "",
  });
  const prompt = box.hook(
    ours("user_prompt_submit"),
    JSON.stringify({ event_type: "UserPromptSubmit", message: "please drop table orders" }),
  );
  assert.equal(prompt.stdout, '{"decision":"deny","reason":"Ask a DBA to drop tables"}\n');
});

test("a second install prints only = and the notes of what OpenHands cannot take", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "openhands"));
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
