// `agent-connector package` from the npm build, on Node, as a user runs it.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const binDir = resolve("node_modules", ".bin");
const bin = join(binDir, process.platform === "win32" ? "agent-connector.cmd" : "agent-connector");
const exampleDir = resolve("examples", "acme-db");
const work = mkdtempSync(join(tmpdir(), "ac-node-package-"));
after(() => rmSync(work, { recursive: true, force: true }));
const env = {
  ...process.env,
  HOME: join(work, "home"),
  AGENT_CONNECTOR_DATA_DIR: join(work, "data"),
};

test("package writes the example as an Agent Plugins bundle on Node", () => {
  const out = join(work, "plugin");
  const run = spawnSync(bin, ["package", "--out", out], {
    cwd: exampleDir,
    encoding: "utf8",
    env,
    shell: process.platform === "win32",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^Wrote .*plugin\/:\n/);
  const manifest = JSON.parse(readFileSync(join(out, "plugin.json"), "utf8"));
  assert.equal(manifest.$schema, "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json");
  assert.deepEqual([manifest.name, manifest.version], ["acme-db", "1.4.0"]);
  const server = JSON.parse(readFileSync(join(out, "mcp.json"), "utf8")).mcpServers["acme-db"];
  assert.deepEqual(server.args.slice(0, 2), ["${PLUGIN_ROOT}/bin/agent-connector.mjs", "serve"]);
  assert.ok(existsSync(join(out, "bin", "agent-connector.mjs")));
});

test("the bundled launcher finds agent-connector on PATH and runs it", () => {
  const launcher = join(work, "plugin", "bin", "agent-connector.mjs");
  const run = spawnSync(process.execPath, [launcher, "--version"], {
    encoding: "utf8",
    env: { ...env, PATH: `${binDir}${delimiter}${process.env.PATH}` },
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^agent-connector \d+\.\d+\.\d+/);
});

test("the bundled launcher runs the serve wrapper for a connector this machine never installed", () => {
  const launcher = join(work, "plugin", "bin", "agent-connector.mjs");
  const echo = join(work, "echo.mjs");
  writeFileSync(echo, "process.stdin.pipe(process.stdout);\n");
  const line = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
  const run = spawnSync(
    process.execPath,
    [launcher, "serve", "--connector", "acme-db", "--", process.execPath, echo],
    {
      encoding: "utf8",
      input: line,
      env: { ...env, PATH: `${binDir}${delimiter}${process.env.PATH}` },
    },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, line);
});

test("package --dry-run writes nothing", () => {
  const out = join(work, "dry");
  const run = spawnSync(bin, ["package", "--out", out, "--dry-run", "--json"], {
    cwd: exampleDir,
    encoding: "utf8",
    env,
    shell: process.platform === "win32",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).dryRun, true);
  assert.equal(existsSync(out), false);
});
