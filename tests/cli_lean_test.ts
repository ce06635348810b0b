/**
 * The full CLI's start-up module graph (what Deno prepares before a command
 * runs, literal dynamic imports included) holds the command table and no
 * command: each command's modules, and its npm packages, load only when that
 * command runs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { REPO } from "./_helpers/runtime.ts";
import { runtimeName } from "../edge/runtime_info.ts";

test(
  "the CLI's start-up graph holds no command module and no npm package",
  { skip: runtimeName() !== "deno" ? "needs deno info" : false },
  () => {
    const run = spawnSync(process.execPath, ["info", "--json", "cli/_cli_main.ts"], {
      cwd: REPO,
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    const modules: string[] = JSON.parse(run.stdout).modules.map((m: { specifier: string }) =>
      m.specifier.replace(`file://${REPO}`, "")
    );
    assert.ok(modules.includes("cli/commands.ts"));
    assert.deepEqual(modules.filter((s) => /^cli\/cmd_/.test(s) || s.startsWith("npm:")), []);
  },
);
