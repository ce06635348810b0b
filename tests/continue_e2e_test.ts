/**
 * End to end on Continue, in a HOME with a commented config.yaml and Claude
 * Code installed beside it: install → the server joins the YAML list with
 * every comment kept (and its connectionTimeout) → the memory becomes a rule
 * in the global rules folder → every declared hook is reported, none
 * written, since cn never fires hooks (continuedev/continue@d0a3c0b: the
 * fire* functions in extensions/cli/src/hooks/fireHook.ts have no caller) →
 * Claude Code's own entry answers in Claude's dialect whatever the
 * environment → a second install is all `=` → uninstall gives back every
 * byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
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
const FIRES_NONE = "Continue fires no hooks";

test("install adds the server to config.yaml keeping every comment, and reports every hook", async () => {
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
  // baseMcpServerSchema's connectionTimeout, in ms (packages/config-yaml schemas/mcp/index.ts).
  assert.equal(servers[1].connectionTimeout, 30000);
  // All 13 declared events are reported, and no hook file is written.
  const reported = run.stdout.split("\n").filter((l) =>
    /^! continue {2}hook \w+: not installed — /.test(l) && l.includes(FIRES_NONE)
  );
  assert.equal(reported.length, 13, run.stdout);
  assert.equal(existsSync(join(box.home, ".continue", "settings.json")), false);
});

test("the memory is a rule Continue applies always, in its global rules folder", () => {
  // core/config/markdown/loadMarkdownRules.ts loads <global>/rules/*.md (includeGlobal: true).
  const rule = readFileSync(join(box.home, ".continue", "rules", "agent-connector.md"), "utf8");
  assert.ok(rule.startsWith("---\nalwaysApply: true\n---\n"), rule);
  assert.match(rule, /Query Acme DB only through the acme tools/);
});

test("doctor --explain shows every Continue hook as dropped, with the reason", async () => {
  const run = await box.cli(
    "doctor",
    "--connector",
    CONNECTOR,
    "--targets",
    "continue",
    "--explain",
  );
  const rows = run.stdout.split("\n").filter((l) => /^ {2}acme-hosts continue /.test(l));
  assert.equal(rows.length, 13, run.stdout);
  for (const row of rows) assert.match(row, new RegExp(`: dropped — ${FIRES_NONE}`));
});

test("Claude Code's entry answers in Claude's dialect, even with Continue's marker set", () => {
  const pre = payload("claude-code", "PreToolUse", { tool_input: { command: "rm -rf build" } });
  const claudeCommand = hookOf(".claude/settings.json", "PreToolUse");
  const env = { CONTINUE_PROJECT_DIR: box.project, CLAUDE_PROJECT_DIR: box.project };
  assert.deepEqual(JSON.parse(box.hook(claudeCommand, pre, env).stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Use the acme tools",
    },
  });
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

test("entries an older agent-connector wrote in cn's settings.json are removed, the user's kept", async () => {
  const userHook = { hooks: [{ type: "command", command: "./my-audit.sh" }] };
  const ours = (event: string) => ({
    hooks: [{
      type: "command",
      command:
        `${old.home}/.agent-connector/bin/agent-connector hook continue ${event} --connector acme-hosts`,
    }],
  });
  // What the adapter wrote before Continue's hooks were found never to fire.
  const old = hostBox({ home: { ".continue/config.yaml": CONFIG } });
  try {
    const file = join(old.home, ".continue", "settings.json");
    writeFileSync(
      file,
      JSON.stringify(
        { hooks: { PreToolUse: [userHook, ours("PreToolUse")], Stop: [ours("Stop")] } },
        null,
        2,
      ) + "\n",
    );
    const run = await old.cli("install", "--connector", CONNECTOR, "--targets", "continue");
    assert.match(run.stdout, /- continue {2}hook PreToolUse/);
    // No ledger says the Stop list was ours, so the emptied list stays (with the
    // ledger an older install leaves, the file it created goes entirely).
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")).hooks, {
      PreToolUse: [userHook],
      Stop: [],
    });
  } finally {
    old.done();
  }
});
