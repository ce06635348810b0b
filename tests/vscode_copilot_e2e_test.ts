/**
 * End to end on VS Code (GitHub Copilot), in a temporary HOME and project
 * seeded with a user's JSONC mcp.json files (comments, trailing commas, an
 * `inputs` array, CRLF) and a hook file of their own in .github/hooks:
 * install → the exact commands in our hook file answer VS Code's documented
 * payloads with VS Code's replies → a second install writes nothing →
 * uninstall gives every pre-existing byte back.
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
const fx = payloadFixtures("vscode-copilot");
const box = seededBox("vscode-copilot");
after(() => box.dispose());
const before = snapshotBox(box);
const install = ["install", "--connector", CONNECTOR, "--targets", "vscode-copilot"];
let user: CliRun;
let project: CliRun;

test("install keeps the user's comments, trailing commas and inputs in both mcp.json files", async () => {
  user = await box.cli(install);
  project = await box.cli([...install, "--scope", "project"]);
  assert.equal(user.code, 0, user.stdout);
  assert.equal(project.code, 0, project.stdout);
  const userMcp = readFileSync(join(box.home, ".config", "Code", "User", "mcp.json"), "utf8");
  assert.ok(userMcp.startsWith("{\n\t// Servers I use everywhere.\n"), userMcp);
  assert.match(userMcp, /\/\* a local one \*\//);
  assert.match(userMcp, /"inputs": \[/);
  assert.match(userMcp, /"acme-db": \{/);
  const projectMcp = readFileSync(join(box.project, ".vscode", "mcp.json"), "utf8");
  assert.ok(projectMcp.startsWith("{\r\n  // project servers\r\n"), "CRLF and comment kept");
  assert.match(projectMcp, /"\$\{env:ACME_DB_DSN\}"/);
  assert.match(
    readFileSync(join(box.project, ".github", "hooks", "format.json"), "utf8"),
    /prettier/,
  );
  assert.match(
    readFileSync(join(box.project, "AGENTS.md"), "latin1"),
    /\r\n<!-- agent-connector:begin acme-db\/memory/,
  );
});

test("the commands in our hook files give VS Code's native replies to its payloads", () => {
  for (
    const file of [
      join(box.home, ".copilot", "hooks", "agent-connector.vscode-copilot.json"),
      join(box.project, ".github", "hooks", "agent-connector.vscode-copilot.json"),
    ]
  ) {
    const commands = ourHookCommands(file, "acme-db");
    const run = (event: string, payload: unknown) =>
      runHookCommand(box, commands.get(event)!, payload);
    assert.deepEqual(run("PreToolUse", fx.PreToolUse.input), {
      code: 0,
      stderr: "",
      stdout:
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Use the acme tools"}}\n',
      json: {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "Use the acme tools",
        },
      },
    });
    assert.deepEqual(run("SessionStart", fx.SessionStart.input).json, {
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "Acme DB schema v12 is loaded.",
      },
    });
    assert.deepEqual(run("Stop", fx.Stop.input).json, {
      hookSpecificOutput: {
        hookEventName: "Stop",
        decision: "block",
        reason: "Run the acme checks first",
      },
    });
  }
});

test("VS Code's current snake_case payloads get VS Code's replies (vscode-copilot-chat@31acd00)", () => {
  const file = join(box.home, ".copilot", "hooks", "agent-connector.vscode-copilot.json");
  const commands = ourHookCommands(file, "acme-db");
  const run = (event: string, payload: Record<string, unknown>) =>
    runHookCommand(box, commands.get(event)!, payload).json;
  assert.deepEqual(run("PreToolUse", fx["PreToolUse.source"].input), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Use the acme tools",
    },
  });
  // defaultIntentRequestHandler.ts: a top-level block, and hookSpecificOutput context.
  const prompt = fx["UserPromptSubmit.source"].input;
  assert.deepEqual(run("UserPromptSubmit", { ...prompt, prompt: "drop table users" }), {
    decision: "block",
    reason: "Acme forbids dropping tables",
  });
  assert.deepEqual(run("UserPromptSubmit", prompt), {
    hookSpecificOutput: {
      hookEventName: "UserPromptSubmit",
      additionalContext: `prompt has ${String(prompt.prompt).length} chars`,
    },
  });
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
