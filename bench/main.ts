/**
 * `deno task bench [name…]`: runs every `bench/<name>_bench.ts` (or the named
 * ones) as its own process, one after another, so each measures on a quiet
 * runtime. Each benchmark prints its figures as ratios against a baseline it
 * measures in the same run; nothing here asserts a timing.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith("_bench.ts"))
  .map((f) => f.slice(0, -"_bench.ts".length))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(", ") || "bench/*_bench.ts"}`);
  process.exit(2);
}

let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name} ==`);
  const run = spawnSync(process.execPath, ["run", "-A", join(here, `${name}_bench.ts`)], {
    stdio: "inherit",
  });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
