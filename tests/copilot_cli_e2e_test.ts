/**
 * End to end on GitHub Copilot CLI, in a temporary HOME and project seeded
 * with a user's ~/.copilot (config.json, mcp-config.json, a hook file of
 * their own, copilot-instructions.md) and a project .github/mcp.json:
 * install → the exact commands in our hook file answer Copilot CLI's
 * payloads (camelCase, toolArgs as JSON text) with its flat replies → a
 * second install writes nothing → uninstall gives every pre-existing byte back.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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
const fx = payloadFixtures("copilot-cli");
const box = seededBox("copilot-cli");
after(() => box.dispose());
const before = snapshotBox(box);
const install = ["install", "--connector", CONNECTOR, "--targets", "copilot-cli"];
let user: CliRun;
let project: CliRun;

test("install adds our server, hooks, agents and instructions beside the user's", async () => {
  user = await box.cli(install);
  project = await box.cli([...install, "--scope", "project"]);
  assert.equal(user.code, 0, user.stdout);
  assert.match(user.stdout, /! copilot-cli {2}commands: 1 not installed — Copilot CLI has no/);
  const mcp = JSON.parse(readFileSync(join(box.home, ".copilot", "mcp-config.json"), "utf8"));
  assert.deepEqual(Object.keys(mcp.mcpServers), ["playwright", "acme-db"]);
  assert.deepEqual(mcp.mcpServers["acme-db"].env, {
    ACME_DB_DSN: "${ACME_DB_DSN}",
    ACME_LOG: "${ACME_LOG:-info}",
  });
  const instructions = readFileSync(join(box.home, ".copilot", "copilot-instructions.md"), "utf8");
  assert.ok(instructions.startsWith("Prefer small commits.\n\nAnswer in British English.\n"));
  assert.match(readFileSync(join(box.project, ".github", "mcp.json"), "utf8"), /"sentry"/);
});

test("the commands in our hook files give Copilot CLI's flat replies", () => {
  for (
    const file of [
      join(box.home, ".copilot", "hooks", "agent-connector.copilot-cli.json"),
      join(box.project, ".github", "hooks", "agent-connector.copilot-cli.json"),
    ]
  ) {
    const commands = ourHookCommands(file, "acme-db");
    const run = (event: string, payload: unknown) =>
      runHookCommand(box, commands.get(event)!, payload);
    assert.deepEqual(run("preToolUse", fx.preToolUse.input), {
      code: 0,
      stderr: "",
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"Use the acme tools"}\n',
      json: { permissionDecision: "deny", permissionDecisionReason: "Use the acme tools" },
    });
    assert.deepEqual(run("preToolUse", fx["preToolUse.observed"].input).json, {
      permissionDecision: "allow",
      modifiedArgs: { command: "git status --short" },
    });
    assert.deepEqual(run("agentStop", fx.agentStop.input).json, {
      decision: "block",
      reason: "Run the acme checks first",
    });
    assert.deepEqual(run("permissionRequest", fx.permissionRequest.input).json, {
      behavior: "allow",
    });
  }
});

test("a second install in either scope writes nothing", async () => {
  assertOnlySkips(user, await box.cli(install));
  assertOnlySkips(project, await box.cli([...install, "--scope", "project"]));
});

test("uninstall returns every pre-existing file byte-identical and removes what it created", async () => {
  const run = await box.cli(["uninstall", "--connector-id", "acme-db", "--purge"]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assertSameBox(box, before);
});
