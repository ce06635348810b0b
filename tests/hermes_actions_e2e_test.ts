/**
 * Hermes actions end to end: the connector's actions become Hermes quick
 * commands (`quick_commands.<connector>-<action>: {type: exec, command}`) in
 * the user's commented `config.yaml`, each runnable as the shell line Hermes
 * runs for `/<name>` and printing the action's message; a second install is
 * all `=`; an action taken out of the connector loses its quick command; a
 * user's own quick command of the same name is never taken over; uninstall
 * gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { parse } from "yaml";
import { assertInstalled, fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";
import { denoDirEnv } from "./_helpers/runtime.ts";
import { oneActionConnector } from "./_helpers/actions.ts";

const CONFIG = [
  "# my hermes config",
  "model:",
  "  default: anthropic/claude-opus-4.6 # mine",
  "quick_commands:",
  "  status:",
  "    type: exec",
  "    command: systemctl status hermes-agent",
  "",
].join("\n");

const box = hostBox({ home: { ".hermes/config.yaml": CONFIG } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-actions");
const configPath = () => join(box.home, ".hermes/config.yaml");
type Quick = Record<string, { type: string; command: string }>;
const quick = () => parse(readFileSync(configPath(), "utf8")).quick_commands as Quick;

/** Runs a quick command's line through a shell, as Hermes does for `type: exec`. */
function runQuick(command: string) {
  return spawnSync("sh", ["-c", command], {
    cwd: box.project,
    encoding: "utf8",
    env: { HOME: box.home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
  });
}

test("each action is a quick command beside the user's own, and running it prints the message", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "hermes");
  assertInstalled(run);
  assert.match(
    run.stdout,
    /^\+ hermes {2}action refresh-schema: added {2}\(~\/\.hermes\/config\.yaml\)$/m,
  );
  const text = readFileSync(configPath(), "utf8");
  assert.ok(text.includes("default: anthropic/claude-opus-4.6 # mine"), text);
  const q = quick();
  assert.deepEqual(Object.keys(q), [
    "status",
    "acme-actions-refresh-schema",
    "acme-actions-open-dashboard",
  ]);
  assert.equal(q["acme-actions-refresh-schema"].type, "exec");
  const refresh = runQuick(q["acme-actions-refresh-schema"].command);
  assert.equal(refresh.status, 0, refresh.stderr);
  assert.equal(refresh.stdout.trim(), "schema refreshed for hermes");
  assert.equal(
    runQuick(q["acme-actions-open-dashboard"].command).stdout.trim(),
    "dashboard at https://acme.example/db",
  );
});

test("a second install writes nothing", async () => {
  const before = readFileSync(configPath(), "utf8");
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "hermes");
  assertInstalled(run);
  assert.equal(readFileSync(configPath(), "utf8"), before);
  assert.match(run.stdout, /^= hermes {2}action refresh-schema/m);
});

test("an action the connector no longer declares loses its quick command", async () => {
  const one = oneActionConnector(dirname(box.project));
  const run = await box.cli("install", "--connector", one, "--targets", "hermes");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^- hermes {2}action open-dashboard: removed/m);
  assert.deepEqual(Object.keys(quick()), ["status", "acme-actions-refresh-schema"]);
  const back = await box.cli("install", "--connector", CONNECTOR, "--targets", "hermes");
  assertInstalled(back);
});

test("uninstall gives back every byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-actions", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(readFileSync(configPath(), "utf8"), CONFIG);
});

test("a quick command of the user's own under our name is never taken over", async () => {
  const mine =
    "quick_commands:\n  acme-actions-refresh-schema:\n    type: alias\n    target: /help\n";
  const other = hostBox({ home: { ".hermes/config.yaml": mine } });
  try {
    const run = await other.cli("install", "--connector", CONNECTOR, "--targets", "hermes");
    assert.match(run.stdout + run.stderr, /action refresh-schema/);
    const q = parse(readFileSync(join(other.home, ".hermes/config.yaml"), "utf8"))
      .quick_commands as Record<string, Record<string, string>>;
    assert.deepEqual(q["acme-actions-refresh-schema"], { type: "alias", target: "/help" });
    await other.cli("uninstall", "--connector-id", "acme-actions", "--purge");
    assert.equal(readFileSync(join(other.home, ".hermes/config.yaml"), "utf8"), mine);
  } finally {
    other.done();
  }
});
