/**
 * `deno run cli/main.ts usage` on a fresh machine downloads only what usage
 * imports. Deno installs every npm package a lockfile lists before it runs
 * anything (denoland/deno#21261), so the test-only packages (oidc-provider,
 * express through the MCP SDK, koa, typescript, fast-check) live in
 * `deno.dev.lock`, which only the test, bench and build tasks name
 * (`--lock=deno.dev.lock`); deno.json itself says `"lock": false`, and a run
 * of the CLI fetches its own graph's packages, each pinned to an exact
 * version with no dependencies of its own. Measured with a fresh DENO_DIR
 * on an empty HOME: 114 npm packages before the split, 1 (sql.js) after.
 *
 * @module
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runtimeName } from "../edge/runtime_info.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const config = JSON.parse(readFileSync(`${root}deno.json`, "utf8")) as {
  lock?: unknown;
  tasks: Record<string, string>;
  imports: Record<string, string>;
};

/** What the CLI may import from npm: each pinned, none with dependencies of its own. */
const RUNTIME = ["fzstd", "gpt-tokenizer", "smol-toml", "sql.js", "yaml"];
const TEST_ONLY = ["oidc-provider", "fast-check", "typescript", "@modelcontextprotocol/sdk/"];

test("deno.json keeps no lockfile; every task that runs tests, benches or builds names deno.dev.lock", () => {
  assert.equal(config.lock, false);
  assert.ok(existsSync(`${root}deno.dev.lock`));
  assert.ok(!existsSync(`${root}deno.lock`), "a deno.lock would be installed whole by every run");
  for (const [name, task] of Object.entries(config.tasks)) {
    if (/deno (test|run -A (bench|scripts\/(test_node|build_npm)))/.test(task)) {
      assert.match(task, /--lock=deno\.dev\.lock/, `task ${name}`);
    }
  }
  const dev = readFileSync(`${root}deno.dev.lock`, "utf8");
  for (const name of TEST_ONLY) assert.ok(dev.includes(`npm:${name.replace(/\/$/, "")}@`), name);
  for (const name of RUNTIME) {
    const spec = config.imports[name] ?? config.imports[`${name}/`] ?? "";
    assert.match(spec, /^npm:\/?[^@]+@\d+\.\d+\.\d+\/?$/, name);
  }
});

test(
  "the CLI's module graph reaches only the runtime npm packages",
  { skip: runtimeName() !== "deno" ? "needs the deno binary" : false },
  () => {
    const run = spawnSync(process.execPath, ["info", "--json", `${root}cli/main.ts`], {
      cwd: root,
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    const info = JSON.parse(run.stdout) as { npmPackages?: Record<string, unknown> };
    const names = Object.keys(info.npmPackages ?? {}).map((id) => id.replace(/@[^@]*$/, ""));
    assert.deepEqual(names.filter((n) => !RUNTIME.includes(n)), []);
  },
);
