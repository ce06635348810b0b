// The acme-db example, resolved from node_modules as in a user's project.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
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
