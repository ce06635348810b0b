/**
 * Helpers for usage tests: the project's fixture copies and token sums.
 *
 * @module
 */

import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MachineEnv } from "../../io/machine_env.ts";
import type { UsageRecord, UsageTokens } from "../../core/usage_types.ts";

/** The folder of `tests/fixtures/usage/<rel>`. */
export function usageFixture(rel: string): string {
  return fileURLToPath(new URL(`../fixtures/usage/${rel}`, import.meta.url));
}

/** A host env rooted at `home` with `env`. */
export function hostAt(home: string, env: Record<string, string> = {}): MachineEnv {
  return { home, env, os: "linux", cwd: home };
}

/** Copies a fixture folder into a fresh temp dir; returns it and a cleanup. */
export function tempCopy(rel?: string): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  if (rel) cpSync(usageFixture(rel), dir, { recursive: true });
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The four counts (as `[input, cacheRead, cacheWrite, output]`) summed over `records`. */
export function buckets(records: readonly UsageRecord[]): [number, number, number, number] {
  const t = sum(records);
  return [t.input, t.cacheRead, t.cacheWrite, t.output];
}

/** Every count summed over `records`. */
export function sum(records: readonly UsageRecord[]): UsageTokens {
  const t = { input: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: 0, reasoning: 0 };
  for (const r of records) {
    for (const k of Object.keys(t) as (keyof UsageTokens)[]) t[k] += r.tokens[k];
  }
  return t;
}
