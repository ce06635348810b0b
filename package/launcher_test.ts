import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { launcherText } from "./launcher.ts";
import { PACKAGE_NAME } from "../core/version.ts";

const base = mkdtempSync(join(tmpdir(), "ac-pkg-launch-"));
after(() => rmSync(base, { recursive: true, force: true }));
const launcher = join(base, "plugin", "bin", "agent-connector.mjs");
mkdirSync(join(base, "plugin", "bin"), { recursive: true });
writeFileSync(launcher, launcherText("9.9.9"));

/** A fake executable that prints its name and arguments and exits with `code`. */
function fake(dir: string, name: string, code: number): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\necho "${name} $*"\nexit ${code}\n`);
  chmodSync(path, 0o755);
}

/** Node by absolute path: the launcher is a Node script, and the tests empty PATH. */
const node = spawnSync("sh", ["-c", "command -v node"], { encoding: "utf8" }).stdout.trim();

function launch(env: Record<string, string>, ...args: string[]) {
  return spawnSync(node, [launcher, ...args], {
    encoding: "utf8",
    env: { HOME: join(base, "nohome"), PATH: "", ...env },
  });
}

const posix = process.platform !== "win32" && node !== "";

test("the launcher runs the home binary first, passing arguments and its exit code through", {
  skip: !posix,
}, () => {
  const root = join(base, "data");
  fake(join(root, "bin"), "agent-connector", 3);
  fake(join(base, "path1"), "agent-connector", 0);
  const run = launch(
    { AGENT_CONNECTOR_DATA_DIR: root, PATH: join(base, "path1") },
    "serve",
    "--connector",
    "a b",
  );
  assert.equal(run.stdout, "agent-connector serve --connector a b\n");
  assert.equal(run.status, 3);
});

test("without a home binary the launcher runs agent-connector from PATH", { skip: !posix }, () => {
  fake(join(base, "path2"), "agent-connector", 0);
  const run = launch(
    { AGENT_CONNECTOR_DATA_DIR: join(base, "none"), PATH: join(base, "path2") },
    "serve",
  );
  assert.equal(run.stdout, "agent-connector serve\n");
  assert.equal(run.status, 0);
});

test("with neither, the launcher runs the pinned package through npx", { skip: !posix }, () => {
  fake(join(base, "path3"), "npx", 0);
  const run = launch(
    { AGENT_CONNECTOR_DATA_DIR: join(base, "none"), PATH: join(base, "path3") },
    "serve",
    "--",
    "x",
  );
  assert.equal(run.stdout, `npx -y ${PACKAGE_NAME}@9.9.9 serve -- x\n`);
});

test("a command that cannot start is one line on stderr and exit 127", { skip: !posix }, () => {
  const run = launch(
    { AGENT_CONNECTOR_DATA_DIR: join(base, "none"), PATH: join(base, "empty") },
    "serve",
  );
  assert.equal(run.status, 127);
  assert.match(run.stderr, /^agent-connector: cannot start npx: /);
});
