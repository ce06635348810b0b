/**
 * End to end on Hermes Agent, in a temporary HOME holding a commented CRLF
 * config.yaml with the user's own MCP server and shell hook: install → our
 * server and hooks beside theirs, comments and line endings kept; the hook
 * commands answer Hermes's payloads; a second install is all `=`;
 * uninstall --purge gives back every byte.
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

const CONFIG = "# mine\r\nmodel:\r\n  default: a/b   # keep\r\nmcp_servers:\r\n" +
  '  fs:\r\n    command: "npx"\r\nhooks:\r\n  post_tool_call:\r\n' +
  '    - matcher: "write_file"\r\n      command: "~/fmt.sh"\r\n';
const box = hostBox({ home: { ".hermes/config.yaml": CONFIG } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const text = () => readFileSync(join(box.home, ".hermes/config.yaml"), "utf8");
const command = (event: string) =>
  new RegExp(
    `\\r\\n  ${event}:\\r\\n(?:.*\\r\\n)*?\\s+- command: (\\S+ hook hermes \\S+ --connector acme-hosts)`,
  )
    .exec(text())![1];

test("install adds the server and hooks, keeping the user's comments, entries and CRLF", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "hermes");
  assertInstalled(run, [/^! hermes {2}/]);
  const t = text();
  assert.ok(t.startsWith("# mine\r\nmodel:\r\n  default: a/b   # keep\r\n"), t);
  assert.match(t, /\r\n {2}acme-hosts:\r\n/);
  assert.match(t, /command: "~\/fmt\.sh"\r\n/);
  assert.doesNotMatch(t.replaceAll("\r\n", ""), /\n/);
  assert.match(run.stdout, /! hermes {2}hook PreCompact: not installed/);
});

test("the hook commands answer Hermes: block on pre_tool_call, context on pre_llm_call", () => {
  const pre = box.hook(command("pre_tool_call"), payload("hermes", "pre_tool_call"));
  assert.equal(pre.code, 0);
  assert.deepEqual(JSON.parse(pre.stdout), { decision: "block", reason: "Use the acme tools" });
  const llm = box.hook(command("pre_llm_call"), payload("hermes", "pre_llm_call"));
  assert.deepEqual(JSON.parse(llm.stdout), { context: "prompt has 10 chars" });
});

test("a second install changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "hermes"));
});

test("uninstall --purge gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
