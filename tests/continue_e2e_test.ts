/**
 * End to end on Continue, in a HOME with a commented config.yaml and Claude
 * Code installed beside it: install → the server joins the YAML list with
 * every comment kept → the hook commands in Continue's settings.json answer
 * cn's payloads in Claude's reply format → cn also runs Claude Code's hook
 * file, and that copy stays silent so nothing fires twice → a second install
 * is all `=` → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "./_helpers/seeded_box.ts";

const CONFIG = `# Continue config — edited by hand
name: My Assistant
version: 1.0.0
schema: v1

models:
  - name: Claude Sonnet # the default
    provider: anthropic
    model: claude-sonnet-4-5
    apiKey: \${{ secrets.ANTHROPIC_API_KEY }}

mcpServers:
  # browser automation
  - name: playwright
    command: npx
    args:
      - "@playwright/mcp@latest"
`;
const box = hostBox({
  home: { ".continue/config.yaml": CONFIG, ".claude/settings.json": '{\n  "model": "opus"\n}\n' },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
type Groups = Array<{ matcher?: string; hooks: Array<{ command: string }> }>;
const hookOf = (file: string, event: string) => {
  const groups = JSON.parse(readFileSync(join(box.home, file), "utf8")).hooks[event] as Groups;
  return groups.flatMap((g) => g.hooks).find((h) => h.command.includes("acme-hosts"))!.command;
};
const cn = (event: string) => hookOf(".continue/settings.json", event);

test("install adds the server to config.yaml keeping every comment, and Continue's hooks", async () => {
  const run = await box.cli(
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "continue,claude-code",
  );
  assertInstalled(run, [
    /^! continue {2}.*(not installed|not written|has no)/,
    /^! claude-code {2}/,
  ]);
  const text = readFileSync(join(box.home, ".continue/config.yaml"), "utf8");
  assert.ok(text.startsWith(CONFIG), "the user's YAML is kept byte for byte");
  const servers = parse(text).mcpServers;
  assert.deepEqual(servers.map((s: { name: string }) => s.name), ["playwright", "acme-hosts"]);
  assert.match(
    run.stdout,
    /! continue {2}hook PermissionRequest: not installed — Continue has no PermissionRequest event/,
  );
});

test("Continue's hook commands give cn's Claude-format replies", () => {
  const pre = payload("continue", "PreToolUse", { tool_input: { command: "rm -rf build" } });
  assert.deepEqual(JSON.parse(box.hook(cn("PreToolUse"), pre).stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Use the acme tools",
    },
  });
  assert.deepEqual(
    JSON.parse(box.hook(cn("SessionStart"), payload("continue", "SessionStart")).stdout),
    {
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "Acme DB schema v12 is loaded.",
      },
    },
  );
  assert.equal(
    JSON.parse(box.hook(cn("UserPromptSubmit"), payload("continue", "UserPromptSubmit")).stdout)
      .hookSpecificOutput.additionalContext,
    "prompt has 39 chars",
  );
  assert.deepEqual(box.hook(cn("Stop"), payload("continue", "Stop")), {
    code: 0,
    stdout: "",
    stderr: "",
  });
});

test("Claude Code's copy of the hook stays silent when cn runs it, so nothing fires twice", () => {
  const pre = payload("continue", "PreToolUse", { tool_input: { command: "rm -rf build" } });
  const claudeCommand = hookOf(".claude/settings.json", "PreToolUse");
  const env = { CONTINUE_PROJECT_DIR: box.project, CLAUDE_PROJECT_DIR: box.project };
  assert.deepEqual(box.hook(claudeCommand, pre, env), { code: 0, stdout: "", stderr: "" });
  assert.match(
    box.hook(claudeCommand, pre).stdout,
    /permissionDecision/,
    "Claude Code itself still gets it",
  );
});

test("a second install changes nothing", async () => {
  assertUnchanged(
    await box.cli("install", "--connector", CONNECTOR, "--targets", "continue,claude-code"),
  );
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
