/**
 * Install dry run over every registered adapter (DESIGN §5: under 0.5 s).
 * Each sample is a fresh CLI process, as a user runs it: `install --dry-run`
 * of a connector declaring every surface and all 13 events, `--targets` every
 * host in the registry, user scope and project scope, in a temporary HOME
 * seeded with nothing. Baseline: the same CLI printing `--version` (start-up
 * alone), so the ratio and the delta show what planning all hosts costs.
 *
 * `deno task bench install` (optionally `INSTALL_BENCH_RUNS=20`).
 *
 * @module
 */

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { REGISTRY } from "../adapters/registry.ts";
import { currentLauncherTarget } from "../install/home_bin.ts";
import { median, timeChild } from "./_child_cpu.ts";
import { denoCacheDir } from "./_deno_dir.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.INSTALL_BENCH_RUNS ?? 10);
const CONNECTOR = join(ROOT, "tests", "fixtures", "connectors", "acme-full");

const base = mkdtempSync(join(tmpdir(), "ac-bench-install-"));
const home = join(base, "home");
const project = join(base, "project");
mkdirSync(home);
mkdirSync(project);
// Deno keeps its module cache under HOME unless DENO_DIR says where.
const denoDir = denoCacheDir();
const env = {
  ...process.env,
  ...(denoDir ? { DENO_DIR: denoDir } : {}),
  HOME: home,
  AGENT_CONNECTOR_DATA_DIR: join(base, "data"),
  DENO_NO_UPDATE_CHECK: "1",
  NO_COLOR: "1",
};
// The exact command line the home binary runs.
const target = currentLauncherTarget();
const cli = [target.runtime, ...target.runtimeArgs, target.entry];
const targets = REGISTRY.map((r) => r.id).join(",");
const install = (scope: string) => [
  ...cli,
  "install",
  "--dry-run",
  "--json",
  "--scope",
  scope,
  "--targets",
  targets,
  "--connector",
  CONNECTOR,
  "--project",
  project,
];
const cases: Record<string, string[]> = {
  "cli --version": [...cli, "--version"],
  "dry run, user scope": install("user"),
  "dry run, project scope": install("project"),
};

function run(argv: string[]): { ms: number; cpuMs?: number; hosts: number } {
  const r = timeChild(argv, { env, cwd: project });
  // Exit 1 means something asked for could not be done (a conflict, say);
  // the plan still ran in full, which is what is timed.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(" ")}: ${r.stderr}`);
  const changes: Array<{ platform: string }> = argv.includes("--json")
    ? JSON.parse(r.stdout).changes ?? []
    : [];
  const hosts = new Set(changes.map((c) => c.platform).filter((p) => p !== "synthetic")).size;
  return { ms: r.ms, cpuMs: r.cpuMs, hosts };
}

const planned = run(cases["dry run, user scope"]).hosts; // also warms the module cache
for (const argv of Object.values(cases)) run(argv);
const samples: Record<string, number[]> = Object.fromEntries(
  Object.keys(cases).map((name) => [name, []]),
);
const cpu: Record<string, number[]> = Object.fromEntries(
  Object.keys(cases).map((name) => [name, []]),
);
for (let i = 0; i < RUNS; i++) {
  for (const [name, argv] of Object.entries(cases)) {
    const r = run(argv);
    samples[name].push(r.ms);
    if (r.cpuMs !== undefined) cpu[name].push(r.cpuMs);
  }
}

console.log(
  `${REGISTRY.length} adapters in the registry, ${planned} hosts planned ` +
    `(${RUNS} cold processes each, interleaved; load ${
      loadavg()[0].toFixed(1)
    } on ${cpus().length} cores)`,
);
function report(title: string, figures: Record<string, number[]>): number {
  console.log(title);
  const baseline = median(figures["cli --version"]);
  for (const [name, xs] of Object.entries(figures)) {
    const m = median(xs);
    const line = `  ${name.padEnd(24)} median ${m.toFixed(0).padStart(5)} ms`;
    console.log(
      name === "cli --version"
        ? line
        : `${line}  ratio ${(m / baseline).toFixed(2)}×  +${(m - baseline).toFixed(0)} ms`,
    );
  }
  return Math.max(
    median(figures["dry run, user scope"]),
    median(figures["dry run, project scope"]),
  );
}
const wall = report("wall time:", samples);
// The verdict uses CPU time when it was measured: on a loaded machine a
// process's wall time mostly measures waiting for a core.
const used = cpu["cli --version"].length ? report("CPU time (user + system):", cpu) : undefined;
const worst = used ?? wall;
console.log(
  `budget: a dry run over every adapter under 500 ms — ${worst <= 500 ? "met" : "NOT met"} ` +
    `(${used === undefined ? "wall" : "CPU"} ${worst.toFixed(0)} ms including start-up)`,
);
rmSync(base, { recursive: true, force: true });
