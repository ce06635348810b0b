import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { AgentConnectorError } from "../core/errors.ts";
import {
  acquireLock,
  acquireLockSync,
  installLockPath,
  withLock,
  withLockFileSync,
} from "./lock.ts";
import { tempDir } from "../tests/_helpers/temp.ts";

describe("install lock", () => {
  it("serialises two holders in one process", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const order: string[] = [];
      const slow = withLock(dir, async () => {
        order.push("a:start");
        await new Promise((r) => setTimeout(r, 50));
        order.push("a:end");
      });
      await new Promise((r) => setTimeout(r, 5));
      await withLock(dir, () => void order.push("b"));
      await slow;
      assert.deepEqual(order, ["a:start", "a:end", "b"]);
      assert.equal(existsSync(installLockPath(dir)), false);
    } finally {
      cleanup();
    }
  });

  it("breaks a lock left by a process that no longer runs", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = installLockPath(dir);
      mkdirSync(join(dir, "state"));
      writeFileSync(
        path,
        JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), token: "dead", since: "x" }),
      );
      const lock = await acquireLock(path, 1000);
      lock.release();
      assert.equal(existsSync(path), false);
    } finally {
      cleanup();
    }
  });

  it("breaks a lock older than the stale limit even from another host", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = installLockPath(dir);
      mkdirSync(join(dir, "state"));
      writeFileSync(path, JSON.stringify({ pid: 1, host: "elsewhere", token: "old", since: "x" }));
      const old = new Date(Date.now() - 11 * 60_000);
      utimesSync(path, old, old);
      (await acquireLock(path, 1000)).release();
    } finally {
      cleanup();
    }
  });

  it("gives up with a message naming the holder and the lock file", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const held = await acquireLock(installLockPath(dir));
      await assert.rejects(acquireLock(installLockPath(dir), 60), (err: unknown) => {
        assert.ok(err instanceof AgentConnectorError);
        assert.equal(err.code, "lock-timeout");
        assert.match(err.message, /Another agent-connector install is running \(process \d+/);
        assert.ok(err.message.includes(installLockPath(dir)));
        return true;
      });
      held.release();
    } finally {
      cleanup();
    }
  });

  it("does not delete a lock that another process took over", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = installLockPath(dir);
      const lock = await acquireLock(path);
      writeFileSync(path, JSON.stringify({ pid: 1, host: "h", token: "someone-else", since: "x" }));
      lock.release();
      assert.equal(existsSync(path), true);
    } finally {
      cleanup();
    }
  });

  it("a synchronous holder and an asynchronous one exclude each other", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = installLockPath(dir);
      const held = await acquireLock(path);
      assert.throws(() => acquireLockSync(path, 50, "secrets update"), (err: unknown) => {
        assert.ok(err instanceof AgentConnectorError);
        assert.equal(err.code, "lock-timeout");
        assert.match(
          err.message,
          /^Another agent-connector secrets update is running \(process \d+/,
        );
        return true;
      });
      held.release();
      const sync = acquireLockSync(path, 50);
      await assert.rejects(acquireLock(path, 50), /Another agent-connector install is running/);
      sync.release();
      assert.equal(existsSync(path), false);
    } finally {
      cleanup();
    }
  });

  it("withLockFileSync releases the lock when its function throws", () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = join(dir, "state", "secrets.lock");
      assert.throws(() =>
        withLockFileSync(path, () => {
          assert.equal(existsSync(path), true);
          throw new Error("boom");
        }), /boom/);
      assert.equal(existsSync(path), false);
      assert.equal(withLockFileSync(path, () => 42), 42);
    } finally {
      cleanup();
    }
  });

  it("a synchronous waiter breaks a lock left by a process that no longer runs", () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = installLockPath(dir);
      mkdirSync(join(dir, "state"));
      writeFileSync(
        path,
        JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), token: "dead", since: "x" }),
      );
      acquireLockSync(path, 1000).release();
      assert.equal(existsSync(path), false);
    } finally {
      cleanup();
    }
  });
});
