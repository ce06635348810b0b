/**
 * What the lab's two suites (`scenarios.lab.ts`, `plugins.lab.ts`) share: the settings
 * read from the environment, the prompt and allowed query every host run uses, and the
 * guard that turns a host missing from the install cache into a skip — or, in CI, a
 * failure.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import process from "node:process";
import { type HostPin, hostsCacheDir } from "./pins.ts";
import { isInstalled } from "./install_hosts.ts";
import type { HostRecord } from "./_results.ts";

/** A host missing from the cache fails instead of skipping (CI, or asked for). */
const REQUIRE = process.env.CI === "true" || process.env.AGENT_CONNECTOR_REQUIRE_SYSTEM === "1";
/** `AGENT_CONNECTOR_LAB_HOSTS=a,b`: only these hosts run. */
export const ONLY: string[] | undefined = process.env.AGENT_CONNECTOR_LAB_HOSTS?.split(",")
  .filter(Boolean);
/** The install cache of the pinned hosts. */
export const CACHE: string = hostsCacheDir(process.env);
/** Runs the checks a host is known to fail too (to see whether a fix landed). */
export const NO_LIMITS: boolean = process.env.AGENT_CONNECTOR_LAB_NO_LIMITS === "1";
/** The word the allowed tool call looks up. */
export const ALLOW_QUERY = "apple";
/** The prompt every host run gets. */
export const PROMPT =
  "Use the lab tool to look up the word I gave you, then tell me what it returned.";

/**
 * True when `pin`'s host is in the cache; else registers the skip (or, with REQUIRE,
 * the failing test) under `name` and returns false.
 */
export function pinnedHostReady(pin: HostPin, name: string, suite: string): boolean {
  if (isInstalled(CACHE, pin)) return true;
  const why = `${pin.id}@${pin.version} is not in ${CACHE}: run "deno task lab:install"`;
  if (REQUIRE) test(`${name}: the pinned host is installed`, () => assert.fail(why));
  else {
    console.error(`lab: skipped ${why}`);
    test(`${name}: ${suite}`, { skip: why }, () => {});
  }
  return false;
}

/**
 * Registers one check of a host's run, titled `title`: with a named `limit`
 * it is a skip that says why; else its outcome goes to `record` under `id`,
 * and a failure calls `failed` (the box is then kept for a look).
 */
export function registerCheck(
  record: HostRecord,
  id: string,
  title: string,
  limit: string | undefined,
  failed: () => void,
  fn: () => Promise<void>,
): void {
  if (limit) {
    record.checks[id] = { status: "skip", detail: limit };
    test(title, { skip: limit }, () => {});
    return;
  }
  test(title, async () => {
    try {
      await fn();
      record.checks[id] = { status: "pass" };
    } catch (err) {
      failed();
      record.checks[id] = { status: "fail", detail: String((err as Error).message).slice(0, 300) };
      throw err;
    }
  });
}
