// The agent-connector bin as npm installs it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const bin = resolve(
  "node_modules",
  ".bin",
  process.platform === "win32" ? "agent-connector.cmd" : "agent-connector",
);
const pkg = JSON.parse(
  readFileSync(join("node_modules", "@ken-jo", "agent-connector", "package.json"), "utf8"),
);
const cli = (...args) =>
  spawnSync(bin, args, { encoding: "utf8", shell: process.platform === "win32" });

test("--version prints the name and the package version", () => {
  const run = cli("--version");
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, `agent-connector ${pkg.version}\n`);
});

test("--help prints the usage", () => {
  const run = cli("--help");
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^agent-connector \S+\n\nUsage: agent-connector <command> \[flags\]/);
});

test("an unknown command exits 2 with the message on stderr", () => {
  const run = cli("frobnicate");
  assert.equal(run.status, 2);
  assert.match(run.stderr, /unknown command "frobnicate"/);
});

test("a reader that has gone away (| head) ends the CLI quietly with its exit code", async () => {
  const child = spawn(bin, ["--help"], {
    stdio: ["ignore", "pipe", "pipe"],
    shell: process.platform === "win32",
  });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise((done) => child.on("close", done));
  assert.equal(stderr, "");
  assert.equal(code, 0);
});
