// Runs under Node against the installed npm package (scripts/test_node.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const pkgPath = join("node_modules", "@ken-jo", "agent-connector", "package.json");

test("the package exports exactly the six subpaths of deno.json", () => {
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8"));
  assert.deepEqual(Object.keys(pkg.exports).sort(), [
    ".",
    "./cli",
    "./main",
    "./runtime",
    "./sdk",
    "./sdk/test",
  ]);
  assert.deepEqual(pkg.bin, { "agent-connector": "./cli/main.js" });
  assert.equal(pkg.type, "module");
  assert.equal(pkg.engines.node, ">=20");
});

test("every subpath imports on Node and carries its API", async () => {
  const root = await import("@ken-jo/agent-connector");
  const sdk = await import("@ken-jo/agent-connector/sdk");
  for (const mod of [root, sdk]) {
    for (
      const name of [
        "defineConnector",
        "defineHook",
        "defineStatusline",
        "defineAction",
        "defineCommand",
        "defineSkill",
        "defineSubagent",
        "defineMemory",
        "defineConfigPatch",
        "defineNativeHook",
        "isResolvedConnector",
      ]
    ) {
      assert.equal(typeof mod[name], "function", name);
    }
    assert.equal(typeof mod.ConnectorConfigError, "function");
  }
  const cli = await import("@ken-jo/agent-connector/cli");
  assert.equal(typeof cli.runCli, "function");
  assert.equal(typeof cli.loadConnector, "function");
  const runtime = await import("@ken-jo/agent-connector/runtime");
  assert.equal(runtime.runtimeName(), "node");
  await import("@ken-jo/agent-connector/sdk/test");
});

test("defineConnector rejects a bad config with ConnectorConfigError on Node", async () => {
  const { defineConnector, ConnectorConfigError } = await import("@ken-jo/agent-connector");
  assert.throws(
    () => defineConnector({ id: "Bad", server: { transport: "stdio", command: "node" } }),
    (error) =>
      error instanceof ConnectorConfigError && /^id: "Bad" must be kebab-case/.test(error.message),
  );
});
