/**
 * End to end on the Antigravity CLI (agy), in a temporary HOME holding its
 * settings and its own MCP file: install → the server in
 * `~/.gemini/config/mcp_config.json` (not the IDE's file) and the status
 * line in `~/.gemini/antigravity-cli/settings.json` → the status line command
 * renders from agy's stdin → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const SETTINGS = '{\n  "modelProvider": "gemini"\n}\n';
const box = hostBox({ home: { ".gemini/antigravity-cli/settings.json": SETTINGS } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-full");
const settings = () =>
  JSON.parse(readFileSync(join(box.home, ".gemini/antigravity-cli/settings.json"), "utf8"));

test("install writes agy's MCP file and its status line, not the IDE's files", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "antigravity-cli");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const servers = JSON.parse(
    readFileSync(join(box.home, ".gemini/config/mcp_config.json"), "utf8"),
  ).mcpServers;
  assert.deepEqual(Object.keys(servers), ["acme-db"]);
  assert.equal(existsSync(join(box.home, ".gemini/antigravity/mcp_config.json")), false);
  const s = settings();
  assert.equal(s.modelProvider, "gemini");
  assert.equal(s.statusLine.type, "command");
  assert.match(s.statusLine.command, /statusline antigravity-cli --connector acme-db$/);
});

test("the status line command renders from agy's Claude-shaped stdin", () => {
  const out = box.hook(
    settings().statusLine.command,
    JSON.stringify({ session_id: "s", model: { id: "g3", display_name: "Gemini 3" } }),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /Gemini 3/);
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-db", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(
    readFileSync(join(box.home, ".gemini/antigravity-cli/settings.json"), "utf8"),
    SETTINGS,
  );
  box.assertRestored();
});
