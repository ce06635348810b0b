import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { AgentConnectorError } from "../core/errors.ts";
import { acquireLock } from "../io/lock.ts";
import { tempDir } from "../tests/_helpers/temp.ts";
import {
  type MarketplaceInstall,
  marketplaceLockPath,
  readMarketplaceState,
  updateMarketplaceState,
  withInstall,
} from "./state.ts";

function row(connectorId: string): MarketplaceInstall {
  return {
    connectorId,
    host: "claude-code",
    format: "claude-plugin",
    staged: `/staged/${connectorId}`,
    pluginRef: `${connectorId}@agent-connector`,
    version: "1.0.0",
    installedAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

/**
 * A child process that says it is ready (`<dir>/ready-<id>`), waits for
 * `go`, then records `id`, pausing 300 ms
 * between its read and its write: without the lock both children read the
 * empty state before either writes, and the second write drops the first row.
 */
function recorder(root: string, go: string, id: string): Promise<number | null> {
  const state = new URL("./state.ts", import.meta.url).href;
  const code = `
    import { existsSync, writeFileSync } from "node:fs";
    import { updateMarketplaceState, withInstall } from ${JSON.stringify(state)};
    const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    writeFileSync(${JSON.stringify(join(root, `ready-${id}`))}, "");
    while (!existsSync(${JSON.stringify(go)})) pause(5);
    updateMarketplaceState(${JSON.stringify(root)}, (state) => {
      pause(300);
      return withInstall(state, ${JSON.stringify(row(id))});
    });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["eval", "--quiet", code], { stdio: "inherit" });
    child.on("error", reject);
    child.on("close", resolve);
  });
}

test("two processes recording at once both keep their row", async () => {
  const { dir, cleanup } = tempDir();
  try {
    const go = join(dir, "go");
    let exited = 0;
    const runs = ["alpha", "beta"].map((id) => recorder(dir, go, id).finally(() => exited++));
    // Both children are up and polling before either may read.
    while (!["alpha", "beta"].every((id) => existsSync(join(dir, `ready-${id}`))) && !exited) {
      await new Promise((r) => setTimeout(r, 10));
    }
    writeFileSync(go, "");
    assert.deepEqual(await Promise.all(runs), [0, 0]);
    const ids = readMarketplaceState(dir).installs.map((r) => r.connectorId).sort();
    assert.deepEqual(ids, ["alpha", "beta"]);
    assert.equal(existsSync(marketplaceLockPath(dir)), false, "the lock is released");
  } finally {
    cleanup();
  }
});

test("a writer waits for the holder of the lock, then fails naming it and the lock file", async () => {
  const { dir, cleanup } = tempDir();
  try {
    const held = await acquireLock(marketplaceLockPath(dir));
    assert.throws(
      () => updateMarketplaceState(dir, (s) => withInstall(s, row("alpha")), 100),
      (err: unknown) => {
        assert.ok(err instanceof AgentConnectorError);
        assert.equal(err.code, "lock-timeout");
        assert.match(err.message, /Another agent-connector marketplace install is running/);
        assert.ok(err.message.includes(marketplaceLockPath(dir)));
        return true;
      },
    );
    assert.deepEqual(readMarketplaceState(dir).installs, [], "nothing written while held");
    held.release();
    updateMarketplaceState(dir, (s) => withInstall(s, row("alpha")), 100);
    assert.deepEqual(readMarketplaceState(dir).installs.map((r) => r.connectorId), ["alpha"]);
  } finally {
    cleanup();
  }
});
