/**
 * End to end on Crush, in a temporary HOME holding a commented CRLF
 * crush.json (JSONC) with the user's own MCP server: install → the entry
 * under `mcp` and the PreToolUse hook in the same file; the hook command
 * answers Crush's payload; a second install is all `=`; uninstall --purge
 * gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "../../tests/_helpers/seeded_box.ts";

const CONFIG =
  '{\r\n  // mine\r\n  "mcp": {\r\n    "github": { "type": "http", "url": "https://x.dev/mcp" }\r\n  }\r\n}\r\n';
const box = hostBox({ home: { ".config/crush/crush.json": CONFIG } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const file = () => readFileSync(join(box.home, ".config/crush/crush.json"), "utf8");

test("install writes the server under mcp and the PreToolUse hook, comments and CRLF kept", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "crush");
  assertInstalled(run, [/^! crush {2}/]);
  const text = file();
  assert.match(text, /\/\/ mine\r\n/);
  assert.match(text, /"acme-hosts": \{\r\n/);
  assert.doesNotMatch(text, /\$\(/);
  assert.match(run.stdout, /! crush {2}hook SessionStart: not installed/);
});

test("the hook command answers Crush's PreToolUse with a deny", () => {
  const hooks = JSON.parse(file().replace(/\/\/ mine/, "")).hooks.PreToolUse;
  const run = box.hook(hooks[0].command, payload("crush", "PreToolUse"));
  assert.equal(run.code, 0);
  assert.deepEqual(JSON.parse(run.stdout), { decision: "deny", reason: "Use the acme tools" });
});

test("a second install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "crush"));
});

test("uninstall --purge gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
