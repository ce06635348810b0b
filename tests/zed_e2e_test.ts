/**
 * End to end on Zed (mcp-only), in a HOME whose settings.json is hand-written
 * JSONC and a project that already has a `.rules` file: install both scopes
 * → the server lands in `context_servers` with every comment kept, memory in
 * the rules file Zed reads first, every hook event reported → a second install
 * is all `=` → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "jsonc-parser";
import { HOOK_EVENT_NAMES } from "../core/hook_types.ts";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
} from "./_helpers/seeded_box.ts";

const SETTINGS = `// Zed settings
//
// For information on how to configure Zed, see the Zed documentation.
{
  "theme": "One Dark",
  "buffer_font_size": 15, // a bit larger
  "context_servers": {
    /* the team's Postgres server */
    "postgres": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-postgres", "postgres://localhost/dev"],
    },
  },
}
`;
const RULES = "Always answer in British English.\n";
const box = hostBox({
  home: { ".config/zed/settings.json": SETTINGS },
  project: { ".rules": RULES, "AGENTS.md": "# For other agents\n" },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");

test("user scope: the server joins context_servers and every comment stays", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "zed");
  assertInstalled(run, [/^! zed {2}.*(not installed|not written|has no)/]);
  for (const event of HOOK_EVENT_NAMES) {
    assert.match(
      run.stdout,
      new RegExp(`! zed {2}hook ${event}: not installed — Zed has no command hooks`),
    );
  }
  const text = readFileSync(join(box.home, ".config/zed/settings.json"), "utf8");
  for (const line of SETTINGS.split("\n").filter((l) => l.includes("//") || l.includes("/*"))) {
    assert.ok(text.includes(line.trim()), line);
  }
  const servers = parse(text).context_servers;
  assert.deepEqual(Object.keys(servers), ["postgres", "acme-hosts"]);
  assert.equal(
    servers["acme-hosts"].command,
    join(box.home, ".agent-connector/bin/agent-connector"),
  );
  assert.equal(servers["acme-hosts"].type, undefined, "Zed entries carry no type");
  assert.match(readFileSync(join(box.home, ".config/zed/AGENTS.md"), "utf8"), /acme-hosts\/memory/);
});

test("project scope: memory goes to the .rules file Zed reads, not AGENTS.md", async () => {
  const run = await box.cli(
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "zed",
    "--scope",
    "project",
  );
  assertInstalled(run, [/^! zed {2}.*(not installed|not written|has no)/]);
  assert.match(run.stdout, /= zed {2}memory: the host reads .*\.rules first; memory goes there/);
  const rules = readFileSync(join(box.project, ".rules"), "utf8");
  assert.ok(rules.startsWith(RULES));
  assert.match(rules, /acme-hosts\/memory/);
  assert.equal(readFileSync(join(box.project, "AGENTS.md"), "utf8"), "# For other agents\n");
  assert.ok(existsSync(join(box.project, ".zed/settings.json")));
});

test("a second install of both scopes changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "zed"));
  assertUnchanged(
    await box.cli("install", "--connector", CONNECTOR, "--targets", "zed", "--scope", "project"),
  );
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
