/**
 * The running Deno's module cache folder, for benchmarks that give their
 * child processes a temporary HOME: without `DENO_DIR` Deno would keep (and
 * first fill) a fresh cache under that HOME, and the first samples would time
 * downloading and transpiling instead of the command.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import process from "node:process";

/** Where this Deno keeps its cache (`deno info --json`'s `denoDir`), if it says. */
export function denoCacheDir(): string | undefined {
  try {
    const info = spawnSync(process.execPath, ["info", "--json"], { encoding: "utf8" });
    return JSON.parse(info.stdout).denoDir || undefined;
  } catch {
    return undefined;
  }
}
