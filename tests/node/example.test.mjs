// The acme-db example, resolved from node_modules as in a user's project.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isResolvedConnector } from "@ken-jo/agent-connector/sdk";
import { loadConnector } from "@ken-jo/agent-connector/cli";

const exampleDir = resolve("examples", "acme-db");

test("the example config module is a resolved connector on Node", async () => {
  const { default: connector } = await import(join(exampleDir, "agent-connector.config.mjs"));
  assert.equal(isResolvedConnector(connector), true);
  assert.deepEqual(connector.hookEvents, ["SessionStart", "PreToolUse"]);
  const reply = await connector.hooks.PreToolUse.handler({ toolName: "acme_write", toolInput: {} });
  assert.equal(reply.decision, "ask");
});

test("loadConnector derives the example's identity from its package.json", async () => {
  const { connector } = await loadConnector({ projectDir: exampleDir });
  assert.deepEqual([connector.id, connector.version], ["acme-db", "1.4.0"]);
});

test("the example's branded bin prints its own name and version", () => {
  const run = spawnSync(process.execPath, [join(exampleDir, "bin.mjs"), "--version"], {
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, "acme-db 1.4.0\n");
});

for (
  const [dir, name] of [["acme-db", "acme-db"], ["branded-cli", "acme-orders"], [
    "seo-connector",
    "seo",
  ]]
) {
  test(`the ${dir} example passes doctor --probe as shipped, on Node`, () => {
    const home = mkdtempSync(join(tmpdir(), "ac-example-"));
    try {
      const run = spawnSync(
        process.execPath,
        [resolve("examples", dir, "bin.mjs"), "doctor", "--probe", "--json"],
        { encoding: "utf8", env: { ...process.env, HOME: home } },
      );
      assert.equal(run.status, 0, run.stderr + run.stdout);
      const probes = JSON.parse(run.stdout).filter((f) => f.check.startsWith(`${name}: probe`));
      assert.deepEqual(probes.map((f) => f.status), ["pass", "pass", "pass"]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}
