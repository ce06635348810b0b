/**
 * `usage`'s peak memory per GB of logs (DESIGN §5: under 200 MB for 1 GB).
 *
 *   deno run -A bench/usage_mem.ts [<home> | MB] [runs]
 *   deno run -A bench/usage_mem.ts <home> --phases [threads] [cache]
 *
 * The first form runs the CLI (`usage report --json`, as the README runs it)
 * on the tree in `<home>` (`.claude`, `.codex`, `.gemini`), or on MB of
 * generated logs (bench/usage_gen.ts; default 1024), and prints for each of
 * the first run that writes the cache, a re-scan with nothing new (on that
 * cache) and a read-only run (no `--allow-write`: no cache) the median peak
 * RSS (`/usr/bin/time -f %M`, exact), MB per GB of logs (decimal units, as
 * DESIGN §5 states its bound) and user+system CPU.
 * `runs` rounds (default 5, `USAGE_MEM_RUNS`), each first run → re-scan →
 * read-only, so the three kinds interleave on a shared machine.
 *
 * `--phases` instead scans in this process and prints resident size, this
 * thread's heap and its typed-array ("external") memory at every tenth of
 * the bytes read, after the scan and after aggregating: where the memory
 * goes. Sampled, so it can miss a short peak. Nothing here asserts.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { generateUsageTree } from "./usage_gen.ts";
import { denoCacheDir } from "./_deno_dir.ts";

const arg = process.argv[2] ?? "1024";
const mb = (n: number) => (n / 1048576).toFixed(0).padStart(4);
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};

/** Bytes of every file under `dir`. */
function treeBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) n += treeBytes(p);
    else if (e.isFile()) n += statSync(p).size;
  }
  return n;
}

if (process.argv[3] === "--phases") await phases(arg);
else peaks();

function peaks(): void {
  const runs = Number(process.argv[3] ?? process.env.USAGE_MEM_RUNS ?? 5);
  if (!existsSync("/usr/bin/time")) {
    console.error("needs /usr/bin/time (GNU time) for exact peak RSS");
    process.exit(2);
  }
  const root = mkdtempSync(join(tmpdir(), "ac-usage-mem-"));
  const main = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
  const denoDir = denoCacheDir();
  try {
    let home = arg;
    if (/^\d+$/.test(arg)) {
      home = join(root, "home");
      console.log(`generating ~${arg} MB of logs in ${home} …`);
      generateUsageTree(home, Number(arg));
    }
    const bytes = treeBytes(home);
    const run = (data: string, write: boolean) => {
      const perms = [
        "--allow-read",
        "--allow-env",
        "--allow-sys",
        ...(write ? ["--allow-write"] : []),
      ];
      const r = spawnSync("/usr/bin/time", [
        "-f",
        "@@time %M %U %S",
        process.execPath,
        "run",
        "--no-prompt",
        ...perms,
        main,
        "usage",
        "report",
        "--json",
      ], {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          AGENT_CONNECTOR_DATA_DIR: data,
          ...(denoDir ? { DENO_DIR: denoDir } : {}),
        },
        encoding: "utf8",
        maxBuffer: 1 << 26,
      });
      const m = /@@time (\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr ?? "");
      if (r.status !== 0 || !m) throw new Error(`usage report failed: ${r.stderr}`);
      return { rss: Number(m[1]) * 1024, cpu: Number(m[2]) + Number(m[3]) };
    };
    const kinds = ["first cached run", "re-scan, nothing new", "read-only (no cache)"];
    const rss: number[][] = kinds.map(() => []);
    const cpu: number[][] = kinds.map(() => []);
    run(join(root, "warm"), true); // the module cache and the page cache, once
    for (let i = 0; i < runs; i++) {
      const data = join(root, `data${i}`);
      [run(data, true), run(data, true), run(join(root, "none"), false)].forEach((r, k) => {
        rss[k].push(r.rss);
        cpu[k].push(r.cpu);
      });
      rmSync(data, { recursive: true, force: true });
    }
    // Decimal units, as DESIGN §5 states its bound: MB = 10⁶ bytes, GB = 10⁹.
    const gb = bytes / 1e9;
    const dmb = (n: number) => (n / 1e6).toFixed(0).padStart(4);
    console.log(
      `${(bytes / 1e6).toFixed(0)} MB of logs; medians of ${runs} round${runs === 1 ? "" : "s"}` +
        " (per GB is meaningful from ~1 GB: the runtime's own 45-80 MB dominates a small tree):",
    );
    kinds.forEach((kind, k) => {
      const peak = median(rss[k]);
      console.log(
        `  ${kind.padEnd(22)} peak RSS ${dmb(peak)} MB (${dmb(peak / gb)} MB per GB of logs; ` +
          `runs ${rss[k].map((x) => dmb(x).trim()).join(", ")}), CPU ${
            median(cpu[k]).toFixed(2)
          } s`,
      );
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function phases(home: string): Promise<void> {
  const [{ scanUsage }, { aggregateTables }, { loadPriceTable }] = await Promise.all([
    import("../usage/scan.ts"),
    import("../usage/aggregate.ts"),
    import("../usage/cost.ts"),
  ]);
  const threads = process.argv[4] ? Number(process.argv[4]) : undefined;
  const cache = process.argv[5] === "cache";
  const data = mkdtempSync(join(tmpdir(), "ac-usage-mem-"));
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
      machine: {
        home,
        env: { HOME: home, AGENT_CONNECTOR_DATA_DIR: data },
        os: "linux",
        cwd: home,
      },
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
}
