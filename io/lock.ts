/**
 * An inter-process lock so two installs (or an install and an uninstall)
 * never interleave their read-modify-write of host files and ledgers. The
 * lock is a file created exclusively (`wx`) holding the owner's pid, host
 * and a random token. A lock whose owner process is gone (same host), or
 * that is older than {@link STALE_LOCK_MS}, is broken; release only deletes a
 * lock that still carries our token. Works the same on Deno and Node.
 *
 * Async code uses {@link withLock} / {@link acquireLock}; synchronous code
 * (the secret store) uses {@link withLockFileSync} / {@link acquireLockSync},
 * which block the thread while they wait.
 *
 * @module
 */

import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { AgentConnectorError } from "../core/errors.ts";
import { ensureDir } from "./atomic_write.ts";

/** A lock older than this is taken to be left over from a crash. */
export const STALE_LOCK_MS: number = 10 * 60_000;

/** How long {@link withLock} waits by default before giving up. */
export const LOCK_WAIT_MS: number = 60_000;

/** Returns the path of the install lock under a data root. */
export function installLockPath(dataRoot: string): string {
  return join(dataRoot, "state", "install.lock");
}

interface Owner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

function thisHost(): string {
  try {
    return hostname();
  } catch {
    return "";
  }
}

function readOwner(path: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(path, "utf8"));
    return o && typeof o.token === "string" ? o : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

function isStale(path: string, owner: Owner | undefined, now: number): boolean {
  let age: number;
  try {
    age = now - statSync(path).mtimeMs;
  } catch {
    return false; // gone already: the next attempt simply takes it
  }
  if (age > STALE_LOCK_MS) return true;
  if (!owner) return age > 5_000; // a writer died between create and write
  return owner.host === thisHost() && !alive(owner.pid);
}

/** Moves a stale lock aside; restores it when it turned out to be a fresh one. */
function breakLock(path: string, seen: Owner | undefined): void {
  const aside = `${path}.${randomBytes(4).toString("hex")}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  const moved = readOwner(aside);
  if (moved && moved.token !== seen?.token) {
    try {
      linkSync(aside, path); // someone took it in between: give it back
    } catch { /* a third process holds it now */ }
  }
  try {
    unlinkSync(aside);
  } catch { /* already gone */ }
}

function tryAcquire(path: string, token: string): boolean {
  const owner: Owner = {
    pid: process.pid,
    host: thisHost(),
    token,
    since: new Date().toISOString(),
  };
  try {
    writeFileSync(path, JSON.stringify(owner), { flag: "wx", mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "EEXIST") return false;
    throw err;
  }
}

/** A held lock. */
export interface LockHandle {
  /** The lock file. */
  path: string;
  /** Releases the lock (only if it is still ours). */
  release(): void;
}

/** Takes the lock when it is free (breaking a stale one); undefined while someone holds it. */
function attempt(path: string, token: string): LockHandle | undefined {
  for (let tries = 0; tries < 3; tries++) {
    if (tryAcquire(path, token)) {
      return {
        path,
        release() {
          if (readOwner(path)?.token !== token) return;
          try {
            unlinkSync(path);
          } catch { /* already gone */ }
        },
      };
    }
    const owner = readOwner(path);
    if (!isStale(path, owner, Date.now())) return undefined;
    breakLock(path, owner);
  }
  return undefined;
}

function timeoutError(path: string, activity: string): AgentConnectorError {
  const owner = readOwner(path);
  const who = owner ? `process ${owner.pid} since ${owner.since}` : "another process";
  return new AgentConnectorError(
    "lock-timeout",
    `Another agent-connector ${activity} is running (${who}). Wait for it to finish; ` +
      `if none is running, delete "${path}" and try again.`,
    { file: path },
  );
}

/** How a waiter backs off: 10 ms doubling to 200 ms, with jitter. */
function nextDelay(delay: number): number {
  return Math.min(delay * 2, 200);
}

/**
 * Acquires the lock at `path`, waiting up to `waitMs`.
 *
 * @param path The lock file.
 * @param waitMs How long to wait for another holder.
 * @param activity What holders do, for the timeout message ("install").
 * @throws {AgentConnectorError} `lock-timeout` naming the holder and what to do.
 */
export async function acquireLock(
  path: string,
  waitMs: number = LOCK_WAIT_MS,
  activity = "install",
): Promise<LockHandle> {
  ensureDir(dirname(path));
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + waitMs;
  for (let delay = 10;; delay = nextDelay(delay)) {
    const lock = attempt(path, token);
    if (lock) return lock;
    if (Date.now() >= deadline) throw timeoutError(path, activity);
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
  }
}

/**
 * {@link acquireLock} for synchronous code (the secret store's API is
 * synchronous): the same lock file protocol, so sync and async holders of one
 * path exclude each other; waiting blocks the thread.
 *
 * @param path The lock file.
 * @param waitMs How long to wait for another holder.
 * @param activity What holders do, for the timeout message.
 * @throws {AgentConnectorError} `lock-timeout` naming the holder and what to do.
 */
export function acquireLockSync(
  path: string,
  waitMs: number = LOCK_WAIT_MS,
  activity = "install",
): LockHandle {
  ensureDir(dirname(path));
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + waitMs;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (let delay = 10;; delay = nextDelay(delay)) {
    const lock = attempt(path, token);
    if (lock) return lock;
    if (Date.now() >= deadline) throw timeoutError(path, activity);
    Atomics.wait(cell, 0, 0, delay + Math.random() * delay);
  }
}

/**
 * Runs the synchronous `fn` while holding the lock file `path`.
 *
 * @example
 * ```ts ignore
 * import { withLockFileSync } from "./lock.ts";
 * withLockFileSync("/home/u/.agent-connector/state/secrets.lock", () => {}, { activity: "secrets update" });
 * ```
 */
export function withLockFileSync<T>(
  path: string,
  fn: () => T,
  options: { waitMs?: number; activity?: string } = {},
): T {
  const lock = acquireLockSync(path, options.waitMs, options.activity);
  try {
    return fn();
  } finally {
    lock.release();
  }
}

/**
 * Runs `fn` while holding the install lock of `dataRoot`.
 *
 * @example
 * ```ts ignore
 * import { withLock } from "./lock.ts";
 * await withLock("/home/u/.agent-connector", () => {});
 * ```
 */
export async function withLock<T>(
  dataRoot: string,
  fn: () => T | Promise<T>,
  waitMs?: number,
): Promise<T> {
  const lock = await acquireLock(installLockPath(dataRoot), waitMs);
  try {
    return await fn();
  } finally {
    lock.release();
  }
}
