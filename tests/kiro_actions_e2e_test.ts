/**
 * Kiro actions end to end: in a project whose `.kiro/hooks/` already holds
 * a hook of the user's own, each action becomes a user-triggered hook file
 * (`<connector>-<action>.kiro.hook`) whose command prints the action's
 * message; a second install is all `=`; an action taken out of the connector
 * loses its file; the user scope, which has no hook folder, reports each
 * action with the command that runs it; uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";
import { denoDirEnv } from "./_helpers/runtime.ts";
import { oneActionConnector } from "./_helpers/actions.ts";

const MINE = JSON.stringify(
  {
    version: "1.0.0",
    enabled: true,
    name: "Lint on save",
    when: { type: "fileEdited", patterns: ["*.ts"] },
    then: { type: "runCommand", command: "npm run lint" },
  },
  null,
  2,
) + "\n";
const box = hostBox({ project: { ".kiro/hooks/lint.kiro.hook": MINE } });
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-actions");
const hooks = () => join(box.project, ".kiro", "hooks");
type KiroHook = { name: string; when: { type: string }; then: { type: string; command: string } };
const hookFile = (name: string) =>
  JSON.parse(readFileSync(join(hooks(), name), "utf8")) as KiroHook;
const install = (connector = CONNECTOR, scope = "project") =>
  box.cli("install", "--connector", connector, "--targets", "kiro", "--scope", scope);

test("each action is a user-triggered hook file beside the user's, and its command prints the message", async () => {
  const run = await install();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^\+ kiro {2}action refresh-schema: written/m);
  assert.deepEqual(readdirSync(hooks()).sort(), [
    "acme-actions-open-dashboard.kiro.hook",
    "acme-actions-refresh-schema.kiro.hook",
    "lint.kiro.hook",
  ]);
  assert.equal(readFileSync(join(hooks(), "lint.kiro.hook"), "utf8"), MINE);
  const hook = hookFile("acme-actions-refresh-schema.kiro.hook");
  assert.equal(hook.name, "Acme DB: Refresh schema");
  assert.deepEqual([hook.when.type, hook.then.type], ["userTriggered", "runCommand"]);
  const ran = spawnSync("sh", ["-c", hook.then.command], {
    cwd: box.project,
    encoding: "utf8",
    env: { HOME: box.home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
  });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.stdout.trim(), "schema refreshed for kiro");
});

test("a second install is all =", async () => {
  const run = await install();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^= kiro {2}action refresh-schema/m);
  assert.doesNotMatch(run.stdout, /^[+~-] kiro/m);
});

test("an action the connector no longer declares loses its file", async () => {
  const one = oneActionConnector(dirname(box.project));
  const run = await install(one);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^- kiro {2}action open-dashboard: removed/m);
  assert.equal(existsSync(join(hooks(), "acme-actions-open-dashboard.kiro.hook")), false);
  assert.equal(existsSync(join(hooks(), "acme-actions-refresh-schema.kiro.hook")), true);
});

test("the user scope has no hook folder: each action is reported with its command", async () => {
  const run = await install(CONNECTOR, "user");
  assert.match(
    run.stdout + run.stderr,
    /action refresh-schema: not installed — Kiro has no user-scope action file; run `agent-connector action kiro refresh-schema --connector acme-actions`/,
  );
  await box.cli("uninstall", "--connector-id", "acme-actions", "--scope", "user");
});

test("uninstall gives back the user's hook folder byte for byte", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-actions", "--scope", "project");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.deepEqual(readdirSync(hooks()), ["lint.kiro.hook"]);
  assert.equal(readFileSync(join(hooks(), "lint.kiro.hook"), "utf8"), MINE);
});
