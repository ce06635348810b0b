import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { Probe } from "../adapters/descriptor.ts";
import { adapter as zed } from "../adapters/zed/mod.ts";
import type { Ledgers } from "../io/ledgers.ts";
import { homeBinPath, launcherText, parseLauncher } from "./home_bin.ts";
import { planInstall } from "./plan.ts";

const noDisk: Probe = { readText: () => undefined, exists: () => false, realPath: () => undefined };
const emptyLedgers = (): Ledgers => ({
  owned: { version: 1, records: [] },
  created: { version: 1, files: {} },
  patches: { version: 1, rows: [] },
  memory: { version: 1, rows: [] },
  dirty: new Set(),
});

/** A Windows user whose name has a space: the data root, and so the launcher, has one too. */
const HOME = "C:\\Users\\Ann Lee";
const ROOT = `${HOME}\\.agent-connector`;

test("on Windows a Zed task runs the .cmd launcher under a home with a space: whole path as the program, verbatim args", async () => {
  const homeBin = homeBinPath(ROOT, "win32");
  assert.equal(homeBin, "C:\\Users\\Ann Lee\\.agent-connector\\bin\\agent-connector.cmd");
  const connector = defineConnector({
    id: "acme",
    actions: [{ id: "refresh", label: "Refresh", run: () => ({ message: "ok" }) }],
  });
  const plan = await planInstall({
    adapter: zed,
    connector,
    connectorId: "acme",
    ctx: {
      home: HOME,
      projectDir: "C:\\src\\app",
      env: {},
      os: "win32",
      scope: "user",
      dataRoot: ROOT,
      homeBin,
      dryRun: true,
      force: false,
      probe: noDisk,
    },
    ledgers: emptyLedgers(),
  });
  const task = plan.edits.find((e) => e.label === "action refresh") as unknown as {
    file: string;
    value: { label: string; command: string; args: string[] };
  };
  assert.equal(task.file, "C:\\Users\\Ann Lee\\AppData\\Roaming\\Zed\\tasks.json");
  // Zed quotes the program for the shell it runs the task in; a path quoted
  // here would reach that shell quoted twice.
  assert.deepEqual(task.value, {
    label: "acme: Refresh",
    command: homeBin,
    args: ["action", "zed", "refresh", "--connector", "acme"],
  });
});

test("the Windows launcher under a home with a space quotes every path and pins that data root", () => {
  const target = {
    runtime: "C:\\Program Files\\nodejs\\node.exe",
    runtimeArgs: [],
    entry: `${HOME}\\AppData\\Roaming\\npm\\node_modules\\@ken-jo\\agent-connector\\cli\\main.js`,
    version: "1.0.0",
  };
  const text = launcherText(target, "win32", ROOT);
  const lines = text.split("\r\n");
  assert.ok(
    lines.includes(
      'if not defined AGENT_CONNECTOR_DATA_DIR set "AGENT_CONNECTOR_DATA_DIR=C:\\Users\\Ann Lee\\.agent-connector"',
    ),
    text,
  );
  assert.ok(
    lines.includes(
      '"C:\\Program Files\\nodejs\\node.exe" ' +
        '"C:\\Users\\Ann Lee\\AppData\\Roaming\\npm\\node_modules\\@ken-jo\\agent-connector\\cli\\main.js" %*',
    ),
    text,
  );
  assert.deepEqual(parseLauncher(text), target);
});
