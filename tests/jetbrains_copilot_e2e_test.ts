/**
 * End to end on GitHub Copilot in JetBrains IDEs, in a temporary HOME seeded
 * with the IDE's mcp.json and a project with a hook file and
 * copilot-instructions.md of the user's own: install (user: MCP; project:
 * hooks, prompts, skills, instructions) → our hook command answers the
 * JetBrains payload with the deny the IDE acts on → a second install writes
 * nothing → uninstall gives every pre-existing byte back.
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
const fx = payloadFixtures("jetbrains-copilot");
const box = seededBox("jetbrains-copilot");
after(() => box.dispose());
const before = snapshotBox(box);
const install = ["install", "--connector", CONNECTOR, "--targets", "jetbrains-copilot"];
let user: CliRun;
let project: CliRun;

test("install writes the IDE's global mcp.json and the project's .github files", async () => {
  user = await box.cli(install);
  project = await box.cli([...install, "--scope", "project"]);
  assert.equal(user.code, 0, user.stdout);
  const mcp = JSON.parse(
    readFileSync(join(box.home, ".config", "github-copilot", "intellij", "mcp.json"), "utf8"),
  );
  assert.deepEqual(Object.keys(mcp.servers), ["github", "acme-db"]);
  assert.match(project.stdout, /! jetbrains-copilot {2}subagents: 1 not installed/);
  const instructions = readFileSync(
    join(box.project, ".github", "copilot-instructions.md"),
    "utf8",
  );
  assert.ok(instructions.startsWith("# Copilot instructions\n\n- Target Java 21.\n"));
  assert.match(instructions, /agent-connector:begin acme-db\/memory/);
});

test("our hook command answers JetBrains' payload with the deny it acts on, and nothing else", () => {
  const commands = ourHookCommands(
    join(box.project, ".github", "hooks", "agent-connector.jetbrains-copilot.json"),
    "acme-db",
  );
  assert.deepEqual([...commands.keys()].sort(), [
    "postToolUse",
    "preToolUse",
    "sessionEnd",
    "sessionStart",
    "userPromptSubmitted",
  ]);
  assert.deepEqual(runHookCommand(box, commands.get("preToolUse")!, fx.preToolUse.input).json, {
    permissionDecision: "deny",
    permissionDecisionReason: "Use the acme tools",
  });
  const start = runHookCommand(box, commands.get("sessionStart")!, {
    timestamp: 1781000000000,
    cwd: box.project,
  });
  assert.deepEqual([start.code, start.stdout], [0, ""], "no context: JetBrains ignores it");
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
