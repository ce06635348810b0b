/**
 * A `usage` re-scan with nothing new loads no `node:fs` (nor `node:buffer`,
 * nor `node:worker_threads`: only a first cached report starts a worker)
 * under Deno: loading Deno's `node:fs` costs ~43 M instructions (valgrind),
 * about a tenth of such a re-scan (DESIGN §5: under 100 ms), `node:buffer`
 * ~3 M. Its reads go through Deno's own API
 * (`denoFs`, usage/_fs.ts); what only a scan that reads a file needs (the
 * decoder, the writers of the kept state) is loaded behind that scan.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { moduleGraph } from "./_helpers/module_graph.ts";

// What `usage report` loads when every platform's kept result is current
// (cli/cmd_usage.ts, usage/_results.ts): the command, the scan's listing, the
// price table, rendering, the zone key, the kept results and their merge; and
// every reader (each lists its platform's sources).
const NO_CHANGE_PATH = [
  "cli/cmd_usage.ts",
  "usage/_report_job.ts",
  "usage/readers/registry.ts",
  "usage/scan.ts",
  "usage/cost.ts",
  "usage/render.ts",
  "usage/_zone.ts",
  "usage/_results.ts",
  "usage/aggregate.ts",
];

test("a usage re-scan with nothing new loads no node:fs, node:buffer or node:worker_threads (nor what imports them)", () => {
  const readers = spawnSync("ls", [join(REPO, "usage", "readers")], { encoding: "utf8" }).stdout
    .split("\n").filter((f) => /^[a-z][a-z_]*\.ts$/.test(f) && !f.endsWith("_test.ts"))
    .map((f) => `usage/readers/${f}`);
  // The readers of hosts with a folder live in it (adapters/<folder>/usage.ts).
  for (const folder of readdirSync(join(REPO, "adapters"))) {
    if (existsSync(join(REPO, "adapters", folder, "usage.ts"))) {
      readers.push(`adapters/${folder}/usage.ts`);
    }
  }
  assert.ok(readers.includes("adapters/claude_code/usage.ts"));
  for (const entry of [...NO_CHANGE_PATH, ...readers]) {
    const graph = moduleGraph(join(REPO, entry), { staticOnly: true });
    const heavy = graph.filter((s) =>
      s === "node:fs" || s === "node:buffer" || s === "node:worker_threads"
    );
    assert.deepEqual(heavy, [], entry);
    assert.ok(!graph.includes("io/atomic_write.ts"), `${entry} loads the cache writer`);
  }
});
