import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { VERSION } from "../core/version.ts";
import { linkedEntryFresh } from "./linked_entry.ts";
import {
  currentLauncherTarget,
  ensureHomeBin,
  homeBinPath,
  type LauncherTarget,
  launcherText,
  parseLauncher,
} from "./home_bin.ts";

const target: LauncherTarget = {
  runtime: "/opt/node v20/bin/node",
  runtimeArgs: [],
  entry: "/srv/app's/node_modules/@ken-jo/agent-connector/esm/cli/main.js",
  version: "9.9.9",
};

test("the launcher sits in <dataRoot>/bin, as a .cmd on Windows", () => {
  assert.equal(
    homeBinPath("/h/.agent-connector", "linux"),
    "/h/.agent-connector/bin/agent-connector",
  );
  assert.equal(
    homeBinPath("C:\\Users\\a\\.agent-connector", "win32"),
    "C:\\Users\\a\\.agent-connector\\bin\\agent-connector.cmd",
  );
});

test("the POSIX launcher execs the recorded runtime by absolute path, quoted, and pins the data root", () => {
  const text = launcherText(target, "linux", "/h/.agent-connector");
  assert.ok(text.startsWith("#!/bin/sh\n"));
  assert.match(
    text,
    /^exec '\/opt\/node v20\/bin\/node' '\/srv\/app'\\''s\/node_modules\/@ken-jo\/agent-connector\/esm\/cli\/main\.js' "\$@"$/m,
  );
  assert.match(
    text,
    /AGENT_CONNECTOR_DATA_DIR='\/h\/\.agent-connector'; export AGENT_CONNECTOR_DATA_DIR/,
  );
  assert.doesNotMatch(text, /npx/);
  assert.deepEqual(parseLauncher(text), target);
});

test("the Windows launcher is a .cmd with CRLF, %* and escaped percent signs", () => {
  const win = {
    ...target,
    runtime: "C:\\Program Files\\nodejs\\node.exe",
    entry: "C:\\100%\\main.js",
  };
  const text = launcherText(win, "win32", "C:\\Users\\a\\.agent-connector");
  assert.ok(text.startsWith("@echo off\r\n"));
  assert.match(text, /^"C:\\Program Files\\nodejs\\node\.exe" "C:\\100%%\\main\.js" %\*\r$/m);
  assert.match(
    text,
    /if not defined AGENT_CONNECTOR_DATA_DIR set "AGENT_CONNECTOR_DATA_DIR=C:\\Users\\a\\\.agent-connector"/,
  );
  assert.deepEqual(parseLauncher(text), win);
});

test("under Deno the launcher runs the real deno binary with this checkout's deno.json", () => {
  const t = currentLauncherTarget();
  assert.equal(t.runtime, process.execPath);
  // The pre-linked entry while it matches its sources (tests/hook_entry_fresh_test.ts
  // fails when it does not), else the source entry.
  const root = fileURLToPath(new URL("../", import.meta.url));
  const fresh = linkedEntryFresh(root);
  assert.ok(t.entry.endsWith(join("cli", fresh ? "main_linked.js" : "main.ts")), t.entry);
  assert.deepEqual(t.runtimeArgs.slice(0, 3), ["run", "-A", "--quiet"]);
  assert.ok(t.runtimeArgs.includes("--config"));
  assert.ok(t.runtimeArgs.includes("--no-lock"), "a launcher never reads or writes deno.lock");
  assert.equal(t.version, VERSION);
});

test("ensureHomeBin creates, skips, then updates, and the launcher really runs the CLI", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-bin-"));
  try {
    assert.equal(ensureHomeBin({ root, os: "linux", dryRun: true }).action, "create");
    assert.throws(() => statSync(homeBinPath(root, "linux")), "a dry run writes nothing");
    assert.equal(ensureHomeBin({ root, os: "linux" }).action, "create");
    assert.equal(ensureHomeBin({ root, os: "linux" }).action, "skip");
    const path = homeBinPath(root, "linux");
    assert.equal(statSync(path).mode & 0o777, 0o755);
    const run = spawnSync(path, ["--version"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    });
    assert.equal(run.stdout, `agent-connector ${VERSION}\n`);
    assert.equal(ensureHomeBin({ root, os: "linux", target }).action, "update");
    assert.deepEqual(parseLauncher(readFileSync(path, "utf8")), target);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
