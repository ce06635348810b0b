/**
 * End to end on the two Kilo hosts, in a HOME with a commented
 * `~/.config/kilo/kilo.jsonc` and a project with only a CLAUDE.md: the Kilo
 * CLI install adds the server to that file (comments kept, `--host kilo-cli`
 * for serve), memory lands in `~/.config/kilo/AGENTS.md` → installing the
 * Kilo Code extension, which runs the same backend, changes nothing →
 * uninstalling the extension keeps every file the CLI still reads →
 * uninstalling the CLI gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "jsonc-parser";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
} from "./_helpers/seeded_box.ts";

const CONFIG = `{
  "$schema": "https://app.kilo.ai/config.json",
  // my model
  "model": "kilo/anthropic/claude-sonnet-4.5",
  "mcp": {
    /* docs */
    "context7": { "type": "remote", "url": "https://mcp.context7.com/mcp" },
  },
}
`;
const box = hostBox({
  home: { ".config/kilo/kilo.jsonc": CONFIG },
  project: { "CLAUDE.md": "# House rules\n" },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const WARN = [/^! kilo(-cli)? {2}.*(not installed|not written|has no)/];
const kiloFile = (rel: string) => join(box.home, ".config/kilo", rel);

test("the Kilo CLI: the server joins mcp in the user's kilo.jsonc, comments kept", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "kilo-cli");
  assertInstalled(run, WARN);
  const text = readFileSync(kiloFile("kilo.jsonc"), "utf8");
  assert.ok(text.includes("// my model") && text.includes("/* docs */"));
  const entry = parse(text).mcp["acme-hosts"];
  assert.equal(entry.type, "local");
  assert.deepEqual(entry.command.slice(1, 6), [
    "serve",
    "--connector",
    "acme-hosts",
    "--host",
    "kilo-cli",
  ]);
  assert.match(readFileSync(kiloFile("AGENTS.md"), "utf8"), /acme-hosts\/memory/);
  assert.match(
    readFileSync(kiloFile("plugins/agent-connector-acme-hosts.js"), "utf8"),
    /KILO_PLATFORM/,
  );
});

test("the Kilo Code extension shares every file: its install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "kilo"));
});

test("uninstalling the extension keeps what the CLI still reads", async () => {
  const before = readFileSync(kiloFile("kilo.jsonc"), "utf8");
  const run = await box.cli("uninstall", "acme-hosts", "--targets", "kilo");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /^- /m);
  assert.match(
    run.stdout,
    /= kilo {2}MCP server acme-hosts: kept, kilo-cli \(user\) still reads it/,
  );
  assert.equal(readFileSync(kiloFile("kilo.jsonc"), "utf8"), before);
});

test("uninstalling the CLI gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
