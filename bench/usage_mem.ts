/**
 * Where `usage`'s memory goes while it scans a tree of logs: resident size,
 * this thread's heap and its typed-array ("external") memory at every tenth
 * of the bytes read, after the scan and after aggregating. Nothing is
 * asserted; compare trees of several sizes (bench/usage_gen.ts) to see what
 * grows with the logs.
 *
 *   deno run -A bench/usage_mem.ts <home> [threads] [cache]
 *
 * `<home>` holds the hosts' folders (`.claude`, `.codex`, `.gemini`);
 * `threads` as `AGENT_CONNECTOR_USAGE_THREADS` (default: the scan's choice);
 * `cache` keeps cursors in a temporary data root (default: read-only). Peak
 * RSS here is sampled, so it can miss a short peak: `/usr/bin/time -f %M`
 * gives the exact one.
 *
 * @module
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { scanUsage } from "../usage/scan.ts";
import { aggregateTables } from "../usage/aggregate.ts";
import { loadPriceTable } from "../usage/cost.ts";

const home = process.argv[2];
if (!home) {
  console.error("usage: deno run -A bench/usage_mem.ts <home> [threads] [cache]");
  process.exit(2);
}
const threads = process.argv[3] ? Number(process.argv[3]) : undefined;
const cache = process.argv[4] === "cache";
const data = mkdtempSync(join(tmpdir(), "ac-usage-mem-"));

const mb = (n: number) => (n / 1048576).toFixed(0).padStart(4);
let peak = 0;
let peakAt = "";
const sample = (label: string, print: boolean) => {
  const m = process.memoryUsage();
  if (m.rss > peak) [peak, peakAt] = [m.rss, label];
  if (print) {
    console.log(
      `${label.padEnd(10)} rss ${mb(m.rss)}  heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}` +
        `  typed arrays ${mb(m.external)}  (MB)`,
    );
  }
};

try {
  sample("start", true);
  const timer = setInterval(() => sample("between", false), 20);
  let tenth = 0;
  const scan = await scanUsage({
    host: { home, env: { HOME: home, AGENT_CONNECTOR_DATA_DIR: data }, os: "linux", cwd: home },
    cache,
    threads,
    onProgress: (p) => {
      const now = Math.floor((p.bytesDone / Math.max(1, p.bytes)) * 10);
      sample(`read ${now * 10}%`, now !== tenth);
      tenth = now;
    },
  });
  sample("scanned", true);
  const { totals } = aggregateTables(scan.tables, "platform", { prices: await loadPriceTable() });
  sample("reported", true);
  clearInterval(timer);
  console.log(`peak rss sampled ${mb(peak)} MB (${peakAt.trim()})`);
  console.log(
    `${totals.requests} requests, ${scan.stats.sourcesRead} files, ` +
      `${(scan.stats.bytesRead / 1e6).toFixed(0)} MB, ${scan.stats.threads} thread(s), ` +
      `cache ${cache ? "on" : "off"}`,
  );
} finally {
  rmSync(data, { recursive: true, force: true });
}
