/**
 * End to end on Grok Build's status line, in a temporary HOME whose
 * `~/.grok/config.toml` already has a commented `[ui]` table (CRLF line
 * ends): install → `[ui.status_line]` with `type = "command"` and the
 * declared `refresh_interval` (seconds), the user's lines untouched → the
 * command renders from Grok's stdin → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";

const CONFIG = [
  "# my grok settings",
  'model = "grok-4"',
  "",
  "[ui]",
  'theme = "dark" # keep',
  "",
].join("\r\n");
const box = hostBox({ home: { ".grok/config.toml": CONFIG } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-full");
const configText = () => readFileSync(join(box.home, ".grok/config.toml"), "utf8");

test("install writes [ui.status_line] into the user's config.toml beside their [ui]", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "grok-build");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const text = configText();
  assert.ok(text.startsWith(CONFIG), text);
  assert.doesNotMatch(text.replace(/\r\n/g, ""), /\n/, "the file keeps its CRLF line ends");
  const ui = parse(text).ui as Record<string, Record<string, unknown>>;
  assert.equal(ui.theme, "dark");
  assert.equal(ui.status_line.type, "command");
  assert.equal(ui.status_line.refresh_interval, 5);
  assert.match(String(ui.status_line.command), /statusline grok-build --connector acme-db$/);
});

test("the status line command renders from Grok's stdin", () => {
  const ui = parse(configText()).ui as Record<string, Record<string, unknown>>;
  const out = box.hook(
    String(ui.status_line.command),
    JSON.stringify({
      session_id: "s",
      model: { id: "grok-4", display_name: "Grok 4.5" },
      context_window: { context_window_size: 200000, context_tokens: 24000, used_percentage: 12 },
    }),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), "acme Grok 4.5 12%");
});

test("a second install changes nothing", async () => {
  const first = configText();
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "grok-build");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(configText(), first);
});

test("uninstall gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-db", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(configText(), CONFIG);
  box.assertRestored();
});

test("a status line of the user's own is never replaced, and uninstall leaves it", async () => {
  const own = '[ui.status_line]\ntype = "command"\ncommand = "~/.grok/statusline.sh"\n';
  const mine = hostBox({ home: { ".grok/config.toml": own } });
  try {
    const run = await mine.cli("install", "--connector", CONNECTOR, "--targets", "grok-build");
    assert.match(run.stdout + run.stderr, /ui\.status_line: already set .* by someone else/);
    const text = readFileSync(join(mine.home, ".grok/config.toml"), "utf8");
    assert.ok(text.startsWith(own), text);
    assert.equal((text.match(/\[ui\.status_line\]/g) ?? []).length, 1);
    const un = await mine.cli("uninstall", "--connector-id", "acme-db", "--purge");
    assert.equal(un.code, 0, un.stdout + un.stderr);
    assert.equal(readFileSync(join(mine.home, ".grok/config.toml"), "utf8"), own);
  } finally {
    mine.done();
  }
});
