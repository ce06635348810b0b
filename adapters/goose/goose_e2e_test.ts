/**
 * End to end on Goose, in a temporary HOME holding a hand-written, commented
 * CRLF config.yaml with the builtin developer extension and a plugin of the
 * user's: install → the extension in Goose's keys and the hook plugin; the
 * hook commands answer Goose's payloads in its reply format; a second
 * install is all `=`; uninstall --purge gives back every byte.
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

const CONFIG = "# my goose\r\nGOOSE_MODEL: gpt-4o  # pinned\r\nextensions:\r\n" +
  "  developer:\r\n    # builtin, keep\r\n    bundled: true\r\n    enabled: true\r\n" +
  "    name: developer\r\n    timeout: 300\r\n    type: builtin\r\n";
const box = hostBox({
  home: {
    ".config/goose/config.yaml": CONFIG,
    ".agents/plugins/mine/hooks/hooks.json":
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"notify"}]}]}}\n',
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const plugin = () =>
  JSON.parse(
    readFileSync(join(box.home, ".agents/plugins/agent-connector/hooks/hooks.json"), "utf8"),
  ).hooks;
const ours = (event: string) => plugin()[event][0].hooks[0].command as string;

test("install adds the extension after the builtin, keeping comments and CRLF", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "goose");
  assertInstalled(run, [/^! goose {2}/]);
  const text = readFileSync(join(box.home, ".config/goose/config.yaml"), "utf8");
  assert.ok(text.startsWith(CONFIG), text);
  assert.match(text, /\r\n {2}acme-hosts:\r\n {4}name: acme-hosts\r\n/);
  assert.match(text, /\r\n {4}cmd: /);
  assert.match(run.stdout, /! goose {2}hook PreCompact: not installed/);
});

test("the hook commands answer Goose: block on PreToolUse and Stop, nothing elsewhere", () => {
  const denied = box.hook(
    ours("PreToolUse"),
    payload("goose", "PreToolUse", { tool_input: { command: "rm -rf /" } }),
  );
  assert.equal(denied.code, 0);
  assert.deepEqual(JSON.parse(denied.stdout), { decision: "block", reason: "Use the acme tools" });
  const stop = box.hook(ours("Stop"), payload("goose", "Stop"));
  assert.deepEqual(JSON.parse(stop.stdout), {
    decision: "block",
    reason: "Run the acme checks first",
  });
  for (const event of ["SessionStart", "UserPromptSubmit"]) {
    assert.deepEqual(box.hook(ours(event), payload("goose", event)), {
      code: 0,
      stdout: "",
      stderr: "",
    }, event);
  }
});

test("a second install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "goose"));
});

test("uninstall --purge gives back every byte and removes the plugin", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
