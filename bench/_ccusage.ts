/**
 * ccusage from npm for the usage bench: installed once per version into a
 * cache folder outside the repository (`$XDG_CACHE_HOME` or `~/.cache`,
 * `agent-connector-bench/ccusage-<version>`; `USAGE_BENCH_CACHE` overrides),
 * never a dependency of ours. ccusage 20 is a native binary behind a small
 * Node launcher (its `@ccusage/ccusage-<os>-<arch>` optional dependency).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import process from "node:process";

/** The folder ccusage versions are installed under. */
export function benchCacheDir(): string {
  return process.env.USAGE_BENCH_CACHE ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "agent-connector-bench");
}

/**
 * The path of ccusage `version`'s executable, installing it first when the
 * cache lacks it; a string starting with "!" (why) when it cannot install.
 */
export function ccusageBin(version: string): string {
  const dir = join(benchCacheDir(), `ccusage-${version}`);
  const bin = join(dir, "node_modules", ".bin", "ccusage");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const install = spawnSync("npm", [
    "install",
    "--prefix",
    dir,
    "--no-audit",
    "--no-fund",
    "--silent",
    `ccusage@${version}`,
  ], { encoding: "utf8", timeout: 300_000 });
  if (install.status === 0 && existsSync(bin)) return bin;
  return `!${(install.stderr || install.error?.message || "").trim().split("\n").pop()}`;
}
