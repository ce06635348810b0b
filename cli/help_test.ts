import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { COMMANDS } from "./commands.ts";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

test("every command's help has a usage line, its flags and an example", async () => {
  for (const spec of COMMANDS) {
    const run = await runCliCaptured([spec.name, "--help"]);
    assert.equal(run.code, 0, spec.name);
    assert.match(run.stdout, new RegExp(`^Usage:\\s+agent-connector ${spec.name}\\b`), spec.name);
    assert.match(run.stdout, /^Flags:/m, `${spec.name} lists no flags`);
    assert.match(run.stdout, /^Examples?:\n {2}.*agent-connector /m, `${spec.name} has no example`);
  }
});

test("help prose fits a 100-column terminal; only command lines to paste may run longer", async () => {
  for (const spec of COMMANDS) {
    const run = await runCliCaptured([spec.name, "--help"]);
    for (const line of run.stdout.split("\n")) {
      if (line.length <= 100) continue;
      assert.match(line, /agent-connector /, `${spec.name}: ${line}`);
    }
  }
});

test("every flag a help's usage line shows is described under Flags", async () => {
  for (const spec of COMMANDS) {
    const help = (await runCliCaptured([spec.name, "--help"])).stdout;
    const usage = /^Usage:[\s\S]*?\n\n/m.exec(help)![0];
    const from = help.indexOf("\nFlags:");
    const flags = help.slice(from, help.indexOf("\n\n", from + 1) >>> 0);
    if (/^\nFlags: as install/.test(flags)) continue; // upgrade points at install's list
    for (const flag of usage.match(/--[a-z][a-z-]*/g) ?? []) {
      assert.match(flags, new RegExp(`^ {2}${flag}\\b`, "m"), `${spec.name}: ${flag}`);
    }
  }
});

test("a usage error inside a command points at that command's help", async () => {
  const run = await runCliCaptured(["install", "--bogus"]);
  assert.equal(run.code, 2);
  assert.equal(
    run.stderr,
    'agent-connector: install: unknown flag "--bogus"\nRun "agent-connector install --help" for usage.\n',
  );
});

test("--help on a command hosts call prints its help instead of waiting for a payload", () => {
  for (const name of ["hook", "statusline", "usage-event"]) {
    for (const flag of ["--help", "-h"]) {
      const run = spawnSync(process.execPath, ["run", "-A", MAIN, name, flag], {
        input: "",
        encoding: "utf8",
        timeout: 60_000,
      });
      assert.equal(run.status, 0, `${name} ${flag}: ${run.stderr}`);
      assert.match(run.stdout, new RegExp(`^Usage: agent-connector ${name} `), `${name} ${flag}`);
    }
  }
});
