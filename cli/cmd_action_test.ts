import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { denoDirEnv, REPO } from "../tests/_helpers/runtime.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;

/** A HOME with Claude Code and a connector package `weather` declaring two actions. */
function box() {
  const base = mkdtempSync(join(tmpdir(), "ac-action-"));
  const home = join(base, "home");
  const pkg = join(base, "pkg");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(pkg);
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "weather", version: "1.0.0" }));
  const config = join(pkg, "agent-connector.config.mjs");
  writeFileSync(
    config,
    `import { defineConnector } from ${JSON.stringify(MOD)};
export default defineConnector({
  actions: [
    { id: "refresh-cache", run: (ctx) => ({ message: "refreshed on " + ctx.host }) },
    { id: "open-map", run: () => ({ message: "map" }) },
  ],
});
`,
  );
  const host = { home, env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() } };
  return {
    base,
    home,
    pkg,
    config,
    host,
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

test("a branded CLI's action help shows the connector's own actions, not another connector's", async () => {
  const b = box();
  try {
    const brand = { name: "weather", version: "1.0.0", connectorPath: b.config };
    const run = await runCliCaptured(["action", "--help"], { ...b.host, cwd: b.base }, "", brand);
    assert.equal(run.code, 0, run.stderr);
    // The example named refresh-schema of acme-db, which this connector does not declare.
    assert.doesNotMatch(run.stdout, /refresh-schema|acme-db/);
    assert.match(run.stdout, /^ {2}weather action claude-code refresh-cache$/m);
    assert.match(run.stdout, /^Actions of weather: refresh-cache, open-map$/m);
    // In the connector's folder the plain CLI shows them too, with the --connector it needs.
    const plain = await runCliCaptured(["action", "--help"], { ...b.host, cwd: b.pkg });
    assert.match(
      plain.stdout,
      /^ {2}agent-connector action claude-code refresh-cache --connector weather$/m,
    );
    // Anywhere else the generic example stays.
    const elsewhere = await runCliCaptured(["action", "--help"], { ...b.host, cwd: b.base });
    assert.match(elsewhere.stdout, /--connector acme-db/);
  } finally {
    b.done();
  }
});

test("a branded CLI runs its connector's action without --connector, as the help shows", async () => {
  const b = box();
  try {
    const brand = { name: "weather", version: "1.0.0", connectorPath: b.config };
    const host = { ...b.host, cwd: b.base };
    const install = await runCliCaptured(["install", "--targets", "claude-code"], host, "", brand);
    assert.ok(install.code === 0 || install.code === 1, install.stderr);
    const run = await runCliCaptured(["action", "claude-code", "refresh-cache"], host, "", brand);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, "refreshed on claude-code\n", ""]);
    const missing = await runCliCaptured(["action", "claude-code", "nope"], host, "", brand);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /nope/);
  } finally {
    b.done();
  }
});
