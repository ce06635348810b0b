/**
 * Zed actions end to end: the connector's actions become Zed tasks in the
 * user's hand-written `tasks.json` (JSONC with comments, CRLF in the
 * project's), each runnable the way Zed spawns a task (program + args) and
 * printing the action's message; a second install is all `=`; an action
 * taken out of the connector loses its task; doctor FAILs nothing, flags a
 * deleted task and `--heal` writes it back; uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { parse } from "jsonc-parser";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
} from "./_helpers/seeded_box.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const USER_TASKS = `// Static tasks configuration.
//
// Example:
[
  {
    "label": "Example task",
    "command": "for i in {1..5}; do echo \\"Hello $i/5\\"; sleep 1; done",
    //"args": [],
    "env": { "foo": "bar" }, // mine
  },
]
`;
const PROJECT_TASKS =
  '[\r\n\t{ "label": "cargo test", "command": "cargo", "args": ["test"] }\r\n]\r\n';

const box = hostBox({
  home: { ".config/zed/tasks.json": USER_TASKS, ".config/zed/settings.json": "{}\n" },
  project: { ".zed/tasks.json": PROJECT_TASKS },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-actions");
const userTasks = () => join(box.home, ".config/zed/tasks.json");

type Task = { label: string; command: string; args?: string[] };

/** Runs a task the way Zed spawns it: the program with its args, in the project. */
function spawnTask(task: Task) {
  return spawnSync(task.command, task.args ?? [], {
    cwd: box.project,
    encoding: "utf8",
    env: { HOME: box.home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
  });
}

test("user scope: each action is a task after the user's own, and running it prints the message", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "zed");
  assertInstalled(run);
  assert.match(
    run.stdout,
    /^\+ zed {2}action refresh-schema: added {2}\(~\/\.config\/zed\/tasks\.json\)$/m,
  );
  assert.match(run.stdout, /^\+ zed {2}action open-dashboard: added/m);
  const text = readFileSync(userTasks(), "utf8");
  for (const line of USER_TASKS.split("\n").filter((l) => l.includes("//"))) {
    assert.ok(text.includes(line.trim()), `comment kept: ${line}`);
  }
  const tasks = parse(text) as Task[];
  assert.deepEqual(tasks.map((t) => t.label), [
    "Example task",
    "Acme DB: Refresh schema",
    "Acme DB: Dashboard",
  ]);
  const refresh = spawnTask(tasks[1]);
  assert.equal(refresh.status, 0, refresh.stderr);
  assert.equal(refresh.stdout.trim(), "schema refreshed for zed");
  assert.equal(spawnTask(tasks[2]).stdout.trim(), "dashboard at https://acme.example/db");
});

test("project scope: the tasks join .zed/tasks.json and keep its tabs and CRLF", async () => {
  const run = await box.cli(
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "zed",
    "--scope",
    "project",
  );
  assertInstalled(run);
  const text = readFileSync(join(box.project, ".zed/tasks.json"), "utf8");
  assert.ok(
    text.startsWith(
      '[\r\n\t{ "label": "cargo test", "command": "cargo", "args": ["test"] },\r\n\t{',
    ),
  );
  assert.ok(!/[^\r]\n/.test(text), "every line ends in CRLF");
  assert.deepEqual((parse(text) as Task[]).map((t) => t.label), [
    "cargo test",
    "Acme DB: Refresh schema",
    "Acme DB: Dashboard",
  ]);
});

test("a second install of both scopes changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "zed"));
  assertUnchanged(
    await box.cli("install", "--connector", CONNECTOR, "--targets", "zed", "--scope", "project"),
  );
});

test("doctor passes the tasks, flags a deleted one, and --heal writes it back", async () => {
  const ok = await box.cli("doctor", "--connector", CONNECTOR, "--targets", "zed", "--json");
  assert.equal(ok.code, 0, ok.stdout);
  const findings = JSON.parse(ok.stdout) as Array<{ check: string; status: string }>;
  const actions = findings.filter((f) => /: action /.test(f.check));
  assert.equal(actions.length, 4, "two actions in two scopes");
  assert.ok(actions.every((f) => f.status === "pass"));

  const installed = readFileSync(userTasks(), "utf8");
  const tasks = parse(installed) as Task[];
  writeFileSync(userTasks(), JSON.stringify(tasks.slice(0, 2), null, 2));
  const broken = await box.cli("doctor", "--connector", CONNECTOR, "--targets", "zed");
  assert.match(
    broken.stdout,
    /\[warn\] acme-actions @ zed \(user\): action open-dashboard: missing/,
  );
  await box.cli("doctor", "--heal", "--connector", CONNECTOR, "--targets", "zed");
  assert.deepEqual((parse(readFileSync(userTasks(), "utf8")) as Task[]).map((t) => t.label), [
    "Example task",
    "Acme DB: Refresh schema",
    "Acme DB: Dashboard",
  ]);
  writeFileSync(userTasks(), installed);
});

test("an action taken out of the connector loses its task; the others stay", async () => {
  // Same id, one action fewer (a new module path: the first is cached in this process).
  const fewer = join(box.project, "fewer.config.mjs");
  const mod = pathToFileURL(join(REPO, "mod.ts")).href;
  writeFileSync(
    fewer,
    `import { defineConnector } from ${JSON.stringify(mod)};\n` +
      `export default defineConnector({ id: "acme-actions", displayName: "Acme DB", actions: [` +
      `{ id: "refresh-schema", label: "Refresh schema", run: () => undefined }] });\n`,
  );
  try {
    const run = await box.cli("install", "--connector", fewer, "--targets", "zed");
    assert.match(run.stdout, /^- zed {2}action open-dashboard: removed/m);
    assert.deepEqual((parse(readFileSync(userTasks(), "utf8")) as Task[]).map((t) => t.label), [
      "Example task",
      "Acme DB: Refresh schema",
    ]);
    await box.cli("install", "--connector", CONNECTOR, "--targets", "zed");
  } finally {
    rmSync(fewer);
  }
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-actions", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^- zed {2}action refresh-schema: removed/m);
  box.assertRestored();
});

test("a tasks.json the install created goes again with the last task", async () => {
  const empty = hostBox({ home: { ".config/zed/settings.json": "{}\n" } });
  try {
    await empty.cli("install", "--connector", CONNECTOR, "--targets", "zed");
    assert.equal(
      (parse(readFileSync(join(empty.home, ".config/zed/tasks.json"), "utf8")) as Task[]).length,
      2,
    );
    const run = await empty.cli("uninstall", "--connector-id", "acme-actions", "--purge");
    assert.equal(run.code, 0, run.stdout);
    empty.assertRestored();
  } finally {
    empty.done();
  }
});
