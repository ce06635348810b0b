/**
 * `cli/main_linked.js` — the pre-linked entry the Deno home binary runs
 * (scripts/build_hook_entry.ts) — is generated, not committed: `deno task
 * test` builds it first and JSR ships it. What is built must be exactly what
 * its sources generate now, and it must answer as `cli/main.ts` does.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { registerFixture, REPO } from "./_helpers/runtime.ts";
import { ensureLinkedEntry, writeLinkedEntry } from "../scripts/build_hook_entry.ts";
import { LINKED_ENTRY, linkedEntryFresh } from "../install/linked_entry.ts";

test("the built pre-linked entry is what its sources generate (deno task build:hook)", () => {
  const built = join(REPO, LINKED_ENTRY);
  assert.ok(existsSync(built), `${LINKED_ENTRY} is not built: run \`deno task build:hook\``);
  const dir = mkdtempSync(join(tmpdir(), "ac-linked-"));
  try {
    const again = readFileSync(writeLinkedEntry(REPO, join(dir, "main_linked.js")), "utf8");
    assert.ok(
      readFileSync(built, "utf8") === again,
      `${LINKED_ENTRY} is stale: run \`deno task build:hook\` (deno task test does)`,
    );
    assert.deepEqual(readdirSync(dir), ["main_linked.js"], "no temporary file left");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(linkedEntryFresh(REPO), true);
});

test("the pre-linked entry answers hooks and CLI commands as cli/main.ts does", () => {
  ensureLinkedEntry(REPO);
  const data = registerFixture(
    "decisions",
    join(REPO, "tests", "fixtures", "connectors", "decisions.mjs"),
  );
  try {
    const env = { ...process.env, AGENT_CONNECTOR_DATA_DIR: data, DENO_NO_UPDATE_CHECK: "1" };
    const run = (entry: string, args: string[], input = "") =>
      spawnSync(
        process.execPath,
        ["run", "-A", "--quiet", "--config", join(REPO, "deno.json"), join(REPO, entry), ...args],
        { input, env, encoding: "utf8" },
      );
    const calls: Array<[string[], string]> = [
      [
        ["hook", "claude-code", "PreToolUse", "--connector", "decisions"],
        JSON.stringify({
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command: "ls" },
          test_decision: "deny",
        }),
      ],
      [
        ["hook", "gemini-cli", "PreToolUse", "--connector", "decisions"],
        JSON.stringify({
          hook_event_name: "BeforeTool",
          tool_name: "run_shell_command",
          tool_input: {},
          test_decision: "deny",
        }),
      ],
      [["hook", "claude-code", "Stop", "--connector", "missing"], "{}"],
      [["--version"], ""],
      [["nope"], ""],
    ];
    for (const [args, input] of calls) {
      const linked = run(LINKED_ENTRY, args, input);
      const source = run("cli/main.ts", args, input);
      assert.deepEqual(
        [linked.status, linked.stdout, linked.stderr],
        [source.status, source.stdout, source.stderr],
        args.join(" "),
      );
    }
    assert.match(run(LINKED_ENTRY, calls[0][0], calls[0][1]).stdout, /"permissionDecision":"deny"/);
    assert.match(run(LINKED_ENTRY, calls[1][0], calls[1][1]).stdout, /^\{"decision":"deny"/);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});
