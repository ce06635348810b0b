import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../tests/_helpers/temp.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import type { RunOptions } from "../install/pipeline.ts";
import { writeMarketplaceState } from "../marketplace/state.ts";
import { METHOD_HELP, methodOf, splitByMethod } from "./_method.ts";
import { drivableHosts } from "../marketplace/drivers.ts";
import { UsageError } from "./_errors.ts";

function setup(dir: string): RunOptions {
  const home = join(dir, "home");
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "gemini"), "", { mode: 0o755 });
  const machine: MachineEnv = { home, env: { HOME: home, PATH: bin }, os: "linux", cwd: dir };
  const root = join(home, ".agent-connector");
  writeMarketplaceState(root, {
    version: 1,
    installs: [{
      connectorId: "acme",
      host: "claude-code",
      format: "claude-plugin",
      staged: join(root, "marketplace", "claude-code", "acme"),
      pluginRef: "acme@agent-connector",
      version: "1.0.0",
      installedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    }],
  });
  mkdirSync(join(root, "connectors", "acme"), { recursive: true });
  writeFileSync(
    join(root, "connectors", "acme", "connector.json"),
    JSON.stringify({ id: "acme", installs: [{ platform: "cursor", scope: "user" }] }),
  );
  return { machine, projectDir: dir, scope: "user", dryRun: true, force: false };
}

const parsedWith = (method?: string) =>
  ({ values: method === undefined ? {} : { method }, positionals: [] }) as never;

test("--method: config is direct, an unknown value is a usage error, absent is the fallback", () => {
  assert.equal(methodOf(parsedWith("config"), "install", "direct"), "direct");
  assert.equal(methodOf(parsedWith(), "uninstall", "auto"), "auto");
  assert.throws(() => methodOf(parsedWith("npm"), "install", "direct"), UsageError);
});

test("direct refuses a host that has the connector as a plugin and leaves plugin hosts out of detection", async () => {
  await withTempDir(async (dir) => {
    const opts = setup(dir);
    const named = await splitByMethod("direct", "acme", {
      ...opts,
      targets: ["claude-code", "cursor"],
    }, "install");
    assert.equal(named.failed, true);
    assert.match(named.records[0].detail, /installed in claude-code as a plugin/);
    assert.deepEqual(named.direct?.targets, ["cursor"]);
    const detected = await splitByMethod("direct", "acme", opts, "install");
    assert.equal(detected.failed, false);
    assert.deepEqual(detected.direct?.exclude, ["claude-code"]);
  });
});

test("auto keeps each host's method and takes the plugin route where the host CLI is on PATH", async () => {
  await withTempDir(async (dir) => {
    const opts = setup(dir);
    const split = await splitByMethod(
      "auto",
      "acme",
      { ...opts, targets: ["claude-code", "cursor", "gemini-cli", "qwen-code"] },
      "install",
    );
    // claude-code: has the plugin; cursor: has config; gemini on PATH; qwen not.
    assert.deepEqual(split.marketplace, ["claude-code", "gemini-cli"]);
    assert.deepEqual(split.direct?.targets, ["cursor", "qwen-code"]);
  });
});

test("the plugin route is user scope only", async () => {
  await withTempDir(async (dir) => {
    const opts = setup(dir);
    await assert.rejects(
      splitByMethod("marketplace", "acme", { ...opts, scope: "project" }, "install"),
      /user only/,
    );
  });
});

test("the --method help names every host with a driver", () => {
  for (const host of drivableHosts()) assert.match(METHOD_HELP, new RegExp(`\\b${host}\\b`));
});
