/**
 * Worker start-up in the npm build under Node: the usage scan pool's worker,
 * serve's telemetry worker and its token counter each load their module
 * graph file by file in their own thread (the chunk linker leaves a worker's
 * entry unlinked: scripts/_npm_chunks.ts). Per worker: how many of our
 * modules its static graph has and their size, and the CPU time of a Node
 * process whose one worker imports that graph, against the same process
 * with an empty worker (interleaved runs, medians). The worker imports its
 * entry's own imports, not the entry: an entry's top level waits for its
 * parent's messages.
 *
 * `deno task build:npm`, then `deno task bench worker` (optionally
 * `WORKER_BENCH_RUNS=21`).
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, timeChild } from "./_child_cpu.ts";

const NPM = fileURLToPath(new URL("../npm/", import.meta.url));
const RUNS = Number(process.env.WORKER_BENCH_RUNS ?? 13);
const WORKERS = ["usage/_scan_worker.js", "runtime/serve_worker.js", "runtime/token_worker.js"];
const STATIC = /^\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"|^\s*import\s*"([^"]+)"/gm;

/** The relative static imports of a file, as absolute paths. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(STATIC)]
    .map((m) => m[1] ?? m[2])
    .filter((s) => s.startsWith("./") || s.startsWith("../"))
    .map((s) => resolve(dirname(file), s));
}

/** Our modules in `entry`'s static graph (itself included) and their bytes. */
function graph(entry: string): { modules: number; bytes: number } {
  const seen = new Set<string>();
  const queue = [entry];
  let bytes = 0;
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    bytes += readFileSync(file).length;
    queue.push(...imports(file));
  }
  return { modules: seen.size, bytes };
}

/** A Node command line whose one worker imports `files`, then exits. */
function workerRun(files: string[]): string[] {
  const body = files.map((f) => `await import(${JSON.stringify(pathToFileURL(f).href)});`).join("");
  const worker = `(async () => { ${body} })().then(() => process.exit(0))`;
  return [
    "node",
    "--input-type=module",
    "-e",
    `import { Worker } from "node:worker_threads"; new Worker(${
      JSON.stringify(worker)
    }, { eval: true });`,
  ];
}

if (!existsSync(join(NPM, "package.json"))) {
  console.log("no npm build: run `deno task build:npm` first");
  process.exit(0);
}
const cases: Record<string, string[]> = { "empty worker": workerRun([]) };
for (const w of WORKERS) cases[w] = workerRun(imports(join(NPM, w)));
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i <= RUNS; i++) {
  for (const [name, argv] of Object.entries(cases)) {
    const r = timeChild(argv);
    if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
    if (i > 0 && r.cpuMs !== undefined) cpu[name].push(r.cpuMs);
  }
}
const base = median(cpu["empty worker"]);
console.log(`node: a process with one worker (${RUNS} runs each, interleaved; CPU medians)`);
console.log(`${"empty worker".padEnd(26)} ${base.toFixed(1).padStart(7)} ms`);
for (const w of WORKERS) {
  const g = graph(join(NPM, w));
  const m = median(cpu[w]);
  console.log(
    `${w.padEnd(26)} ${m.toFixed(1).padStart(7)} ms  +${(m - base).toFixed(1)} ms  ` +
      `${g.modules} modules, ${(g.bytes / 1024).toFixed(0)} KB`,
  );
}
