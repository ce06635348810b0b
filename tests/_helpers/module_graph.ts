/**
 * The module graph Deno reports for an entry (`deno info --json`), as paths
 * relative to the repository (other specifiers as they are), sorted. The
 * lean-loading tests (tests/hook_lean_test.ts, tests/usage_lean_test.ts)
 * check what an entry loads with it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { REPO } from "./runtime.ts";

interface Info {
  roots: string[];
  modules: Array<{
    specifier: string;
    dependencies?: Array<{ code?: { specifier?: string }; isDynamic?: boolean }>;
  }>;
}

/**
 * Every module `entry` can load, following its imports transitively; with
 * `staticOnly`, only what loads before its first line runs (dynamic
 * `import()`s are not followed).
 */
export function moduleGraph(entry: string, options: { staticOnly?: boolean } = {}): string[] {
  const run = spawnSync(process.execPath, ["info", "--json", entry], {
    cwd: REPO,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  const info: Info = JSON.parse(run.stdout);
  const bySpec = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length) {
    const spec = stack.pop()!;
    if (seen.has(spec)) continue;
    seen.add(spec);
    for (const dep of bySpec.get(spec)?.dependencies ?? []) {
      if (dep.code?.specifier && !(options.staticOnly && dep.isDynamic)) {
        stack.push(dep.code.specifier);
      }
    }
  }
  return [...seen].map((s) => s.startsWith("file://") ? s.slice(`file://${REPO}`.length) : s)
    .sort();
}
