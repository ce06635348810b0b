/**
 * End to end on Cursor, in a temporary HOME and project seeded with a user's
 * own mcp.json, hooks.json (version 1, hooks of their own) and AGENTS.md:
 * install → the exact commands written into hooks.json answer Cursor's
 * documented payloads with Cursor's replies → a second install writes
 * nothing → uninstall gives every pre-existing byte back.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { payloadFixtures } from "./_helpers/payload_fixtures.ts";
import {
  assertOnlySkips,
  assertSameBox,
  ourHookCommands,
  runHookCommand,
  seededBox,
  snapshotBox,
} from "./_helpers/e2e_box.ts";
import type { CliRun } from "./_helpers/cli.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hosts");
const fx = payloadFixtures("cursor");
const box = seededBox("cursor");
after(() => box.dispose());
const before = snapshotBox(box);
let first: CliRun;

test("install writes Cursor's mcp.json entry and hooks next to the user's own", async () => {
  first = await box.cli(["install", "--connector", CONNECTOR, "--targets", "cursor"]);
  assert.equal(first.code, 0, "what Cursor cannot take is reported, not a failure");
  assert.match(first.stdout, /\+ cursor {2}MCP server acme-db: added/);
  assert.match(first.stdout, /! cursor {2}hook Notification: not installed — Cursor has no/);
  const mcp = JSON.parse(readFileSync(join(box.home, ".cursor", "mcp.json"), "utf8"));
  assert.deepEqual(Object.keys(mcp.mcpServers), ["linear", "filesystem", "acme-db"]);
  assert.deepEqual(mcp.mcpServers["acme-db"].env, { ACME_DB_DSN: "${env:ACME_DB_DSN}" });
  const hooks = JSON.parse(readFileSync(join(box.home, ".cursor", "hooks.json"), "utf8"));
  assert.equal(hooks.version, 1);
  assert.deepEqual(hooks.hooks.afterFileEdit, [{ command: "./hooks/format.sh" }]);
  assert.equal(hooks.hooks.stop[0].command, "afplay /System/Library/Sounds/Glass.aiff");
});

test("the commands in hooks.json give Cursor's native replies to its payloads", () => {
  const commands = ourHookCommands(join(box.home, ".cursor", "hooks.json"), "acme-db");
  const run = (event: string, payload: unknown) =>
    runHookCommand(box, commands.get(event)!, payload);
  const pre = run("preToolUse", fx.preToolUse.input);
  assert.deepEqual(pre, {
    code: 0,
    stderr: "",
    stdout:
      '{"permission":"deny","user_message":"Use the acme tools","agent_message":"Use the acme tools"}\n',
    json: {
      permission: "deny",
      user_message: "Use the acme tools",
      agent_message: "Use the acme tools",
    },
  });
  assert.equal(run("beforeSubmitPrompt", fx.beforeSubmitPrompt.input).stdout, "");
  assert.deepEqual(
    run("beforeSubmitPrompt", { ...fx.beforeSubmitPrompt.input, prompt: "DROP TABLE accounts" })
      .json,
    { continue: false, user_message: "Acme forbids dropping tables" },
  );
  assert.deepEqual(run("stop", fx.stop.input).json, {
    followup_message: "Run the acme checks first",
  });
  assert.equal(run("stop", { ...fx.stop.input, loop_count: 1 }).stdout, "");
  const { tool_name: _, tool_input: __, ...common } = fx.beforeMCPExecution.input;
  assert.deepEqual(run("sessionStart", { ...common, hook_event_name: "sessionStart" }).json, {
    additional_context: "Acme DB schema v12 is loaded.",
  });
});

test("a second install writes nothing", async () => {
  assertOnlySkips(
    first,
    await box.cli(["install", "--connector", CONNECTOR, "--targets", "cursor"]),
  );
});

test("doctor passes, names Cursor's caveats, and fails once a hook entry is removed by hand", async () => {
  const ok = await box.cli(["doctor", "--targets", "cursor"]);
  assert.equal(ok.code, 0, ok.stdout);
  assert.doesNotMatch(ok.stdout, /\[FAIL\]/);
  assert.match(ok.stdout, /sessionStart hook as an unknown type/);
  const file = join(box.home, ".cursor", "hooks.json");
  const text = readFileSync(file, "utf8");
  const hooks = JSON.parse(text);
  delete hooks.hooks.preToolUse;
  writeFileSync(file, JSON.stringify(hooks, null, 2));
  const broken = await box.cli(["doctor", "--targets", "cursor"]);
  assert.notEqual(broken.code, 0);
  assert.match(broken.stdout, /\[FAIL\].*preToolUse/);
  writeFileSync(file, text);
});

test("uninstall returns every pre-existing file byte-identical and removes what it created", async () => {
  const run = await box.cli(["uninstall", "--connector-id", "acme-db", "--purge"]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assertSameBox(box, before);
});
