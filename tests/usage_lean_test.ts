/**
 * A `usage` re-scan with nothing new loads no `node:fs` (nor `node:buffer`,
 * nor `node:worker_threads`: only a first cached report starts a worker)
 * under Deno: each is a measurable part of such a re-scan (DESIGN §5: under
 * 100 ms; bench/README.md). Its reads go through Deno's own API
 * (`denoFs`, edge/node_fs.ts); what only a scan that reads a file needs (the
 * decoder, the writers of the kept state) is loaded behind that scan.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";
import { listUsage, scanUsage } from "../usage/scan.ts";
import { readerLoads } from "../usage/readers/registry.ts";
import { moduleGraph } from "./_helpers/module_graph.ts";

// What `usage report` loads when every platform's kept result is current
// (cli/cmd_usage.ts, usage/_results.ts): the command, the scan's listing, the
// price table, rendering, the zone key, the kept results and their merge; and
// (checked below, loaded when a platform's listing changed) every reader.
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

/** Sets every folder under `dir` (and `dir`) an hour back, as long-untouched folders are. */
function settleTree(dir: string): void {
  const old = new Date(Date.now() - 3_600_000);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) settleTree(join(dir, e.name));
  }
  utimesSync(dir, old, old);
}

test("a usage re-scan with nothing new loads no reader: each platform's kept listing is checked instead", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    settleTree(t.dir);
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, ".ac-data") });
    const first = await listUsage({ machine, cache: true });
    assert.ok(first.platforms.length >= 4, "the fixture has logs of several hosts");
    const loads = readerLoads();
    const again = await listUsage({ machine, cache: true });
    assert.equal(readerLoads(), loads, "a reader was loaded");
    assert.deepEqual(again, first);
    // Asked to read, the platforms are listed by their readers then, to the same records.
    const scanned = await scanUsage({ machine, cache: true }, again);
    assert.ok(readerLoads() > loads);
    assert.deepEqual(scanned.records, (await scanUsage({ machine, cache: false })).records);
  } finally {
    t.done();
  }
});
