/**
 * End to end on Devin CLI, in a temporary HOME whose config.json is
 * commented (with trailing commas) and a project config in CRLF: install →
 * the server and hooks inside the user's commented file → the hook commands
 * answer with Devin's `{decision: "block"}` → a second install is all `=` →
 * uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assertUnchanged, fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const USER = `{
  // my defaults
  "agent": { "model": "claude-sonnet-4.5" },
  "permissions": {
    "allow": ["Read(**)", "Exec(git)"], // safe ones
  },
}
`;
const box = hostBox({ home: { ".config/devin/config.json": USER } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const text = () => readFileSync(join(box.home, ".config/devin/config.json"), "utf8");
const ours = (event: string) => {
  const m = text().match(new RegExp(`"command": "([^"]*hook devin ${event} [^"]*)"`));
  assert.ok(m, event);
  return m[1];
};

test("install writes the server and hooks into the commented config, comments kept", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "devin");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\+ devin {2}MCP server acme-hosts: added/);
  assert.match(
    run.stdout,
    /! devin {2}hook PreCompact: not installed — Devin CLI has no PreCompact/,
  );
  const now = text();
  assert.ok(now.startsWith('{\n  // my defaults\n  "agent": { "model": "claude-sonnet-4.5" },'));
  assert.match(now, /"Exec\(git\)"\], \/\/ safe ones/);
  assert.match(now, /"ACME_DB_DSN": "\$\{env:ACME_DB_DSN\}"/);
  for (const e of ["SessionStart", "PreToolUse", "PermissionRequest", "Stop"]) ours(e);
});

test("the hook commands answer Devin with its block decision", () => {
  const deny = box.hook(
    ours("PreToolUse"),
    JSON.stringify({ session_id: "s", tool_name: "exec", tool_input: { command: "rm -rf /" } }),
  );
  assert.deepEqual(deny, {
    code: 0,
    stdout: '{"decision":"block","reason":"Use the acme tools"}\n',
    stderr: "",
  });
  const perm = box.hook(
    ours("PermissionRequest"),
    JSON.stringify({ session_id: "s", tool_name: "exec", tool_input: { command: "ls" } }),
  );
  assert.equal(perm.code, 0);
});

test("a second install prints only = and the notes of what Devin cannot take", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "devin"));
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(text(), USER);
  box.assertRestored();
});
