/**
 * Install dry run over every registered adapter (DESIGN §5: under 0.5 s).
 * Each sample is a fresh CLI process, as a user runs it: `install --dry-run`
 * of a connector declaring every surface and all 13 events, `--targets` every
 * host in the registry, user scope and project scope, in a temporary HOME
 * seeded with nothing. Baseline: the same CLI printing `--version` (start-up
 * alone), so the delta shows what planning all hosts costs.
 *
 * Two runtimes, runs interleaved across both (A, B, C, A, B, C …) so machine
 * load hits every case alike: Deno running the home binary's command line,
 * and the npm build (`npm/`, from `deno task build:npm`, its dependencies
 * reachable, e.g. `npm/node_modules`) under `node` when both are there.
 * Printed per runtime: medians of CPU time (user + system; wall time on a
 * loaded machine mostly measures waiting for a core), each dry run above
 * `--version`, and how many modules the dry run loads (one extra counted run:
 * Deno's debug log, a Node module hook).
 *
 * `deno task bench install` (optionally `INSTALL_BENCH_RUNS=20`).
 *
 * @module
 */

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REGISTRY } from "../adapters/registry.ts";
import { currentLauncherTarget } from "../install/home_bin.ts";
import { median, timeChild } from "./_child_cpu.ts";
import { denoCacheDir } from "./_deno_dir.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.INSTALL_BENCH_RUNS ?? 10);
const CONNECTOR = join(ROOT, "tests", "fixtures", "connectors", "acme-full");
const NPM = join(ROOT, "npm");

const base = mkdtempSync(join(tmpdir(), "ac-bench-install-"));
const home = join(base, "home");
const project = join(base, "project");
mkdirSync(home);
mkdirSync(project);
// Deno keeps its module cache under HOME unless DENO_DIR says where.
const denoDir = denoCacheDir();
const env: Record<string, string | undefined> = {
  ...process.env,
  ...(denoDir ? { DENO_DIR: denoDir } : {}),
  HOME: home,
  AGENT_CONNECTOR_DATA_DIR: join(base, "data"),
  DENO_NO_UPDATE_CHECK: "1",
  NO_COLOR: "1",
};
const targets = REGISTRY.map((r) => r.id).join(",");

/** One runtime's command lines. */
interface Runtime {
  name: string;
  cli: string[];
  connector: string;
  /** Extra environment and arguments of the module-counting run. */
  countWith: { env: Record<string, string>; args: string[] };
  /** Reads the loaded modules from that run's standard error. */
  modules: (stderr: string) => Set<string>;
}

// The exact command line the home binary runs.
const target = currentLauncherTarget();
const runtimes: Runtime[] = [{
  name: "Deno",
  cli: [target.runtime, ...target.runtimeArgs, target.entry],
  connector: CONNECTOR,
  countWith: { env: { DENO_LOG: "debug" }, args: [] },
  modules: (stderr) =>
    new Set(
      [...stderr.matchAll(/for ES module: ([^,\s]+)/g)].map((m) => m[1])
        .filter((u) => !u.startsWith("ext:")),
    ),
}];
const nodeRuntime = npmBuildRuntime();
if (nodeRuntime) runtimes.push(nodeRuntime);

/** The npm build under `node`, when it is built and runs here. */
function npmBuildRuntime(): Runtime | undefined {
  const bin = join(NPM, "cli", "main.js");
  if (!existsSync(bin)) {
    console.log("npm build: not measured (no npm/; run `deno task build:npm`)");
    return undefined;
  }
  if (!existsSync(join(NPM, "node_modules"))) {
    // The build writes no node_modules; without them a dry run stops at the
    // first npm import (smol-toml for Codex's config.toml).
    console.log(
      "npm build: not measured (no npm/node_modules; run `cd npm && npm install --omit=dev`)",
    );
    return undefined;
  }
  const version = spawnSync("node", ["--version"], { encoding: "utf8" });
  if (version.status !== 0) {
    console.log("npm build: not measured (no `node` on PATH)");
    return undefined;
  }
  // The acme-full connector, importing the SDK from the npm build.
  const connector = join(base, "connector-npm");
  cpSync(CONNECTOR, connector, { recursive: true });
  const file = join(connector, "agent-connector.config.mjs");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      "../../../../mod.ts",
      pathToFileURL(join(NPM, "mod.js")).href,
    ),
  );
  // Node 20's module hooks run off the main thread: each load is written to stderr.
  const hooks = join(base, "count_hooks.mjs");
  writeFileSync(
    hooks,
    "export async function load(url, context, next) {\n" +
      '  if (!url.startsWith("node:")) process.stderr.write(`@@module ${url}\\n`);\n' +
      "  return next(url, context);\n}\n",
  );
  const register = join(base, "count_register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${
      JSON.stringify(pathToFileURL(hooks).href)
    });\n`,
  );
  return {
    name: `Node ${version.stdout.trim()} (npm build)`,
    cli: ["node", bin],
    connector,
    countWith: { env: {}, args: ["--import", pathToFileURL(register).href] },
    modules: (stderr) => new Set([...stderr.matchAll(/^@@module (\S+)$/gm)].map((m) => m[1])),
  };
}

const install = (rt: Runtime, scope: string) => [
  "install",
  "--dry-run",
  "--json",
  "--scope",
  scope,
  "--targets",
  targets,
  "--connector",
  rt.connector,
  "--project",
  project,
];
const CASES = ["--version", "dry run, user scope", "dry run, project scope"] as const;
function argsOf(rt: Runtime, name: typeof CASES[number]): string[] {
  if (name === "--version") return ["--version"];
  return install(rt, name.includes("user") ? "user" : "project");
}

function run(argv: string[]): { cpuMs?: number; ms: number; hosts: number } {
  const r = timeChild(argv, { env, cwd: project });
  // Exit 1 means something asked for could not be done (a conflict, say);
  // the plan still ran in full, which is what is timed. A JSON run with no
  // output did not plan at all.
  const json = argv.includes("--json");
  if ((r.status !== 0 && r.status !== 1) || (json && r.stdout === "")) {
    throw new Error(`${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  }
  const changes: Array<{ platform: string }> = json ? JSON.parse(r.stdout).changes ?? [] : [];
  const hosts = new Set(changes.map((c) => c.platform).filter((p) => p !== "synthetic")).size;
  return { ms: r.ms, cpuMs: r.cpuMs, hosts };
}

function countModules(rt: Runtime, scope: string): number {
  const [exe, ...rest] = rt.cli;
  // Deno's flags go before the script; Node's --import too.
  const at = exe === "node" ? 0 : rest.length - 1;
  const argv = [
    ...rest.slice(0, at),
    ...rt.countWith.args,
    ...rest.slice(at),
    ...install(rt, scope),
  ];
  const r = spawnSync(exe, argv, {
    env: { ...env, ...rt.countWith.env } as Record<string, string>,
    cwd: project,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return rt.modules(r.stderr).size;
}

const planned = run([...runtimes[0].cli, ...install(runtimes[0], "user")]).hosts;
const cpu = new Map<string, number[]>();
const wall = new Map<string, number[]>();
for (const rt of runtimes) {
  for (const name of CASES) {
    run([...rt.cli, ...argsOf(rt, name)]); // warms caches
    cpu.set(`${rt.name}\0${name}`, []);
    wall.set(`${rt.name}\0${name}`, []);
  }
}
for (let i = 0; i < RUNS; i++) {
  for (const rt of runtimes) {
    for (const name of CASES) {
      const r = run([...rt.cli, ...argsOf(rt, name)]);
      wall.get(`${rt.name}\0${name}`)!.push(r.ms);
      if (r.cpuMs !== undefined) cpu.get(`${rt.name}\0${name}`)!.push(r.cpuMs);
    }
  }
}

console.log(
  `${REGISTRY.length} adapters in the registry, ${planned} hosts planned ` +
    `(${RUNS} cold processes each, interleaved; load ${
      loadavg()[0].toFixed(1)
    } on ${cpus().length} cores)`,
);
const useCpu = cpu.get(`${runtimes[0].name}\0--version`)!.length > 0;
const figures = useCpu ? cpu : wall;
let worst = 0;
for (const rt of runtimes) {
  console.log(`${rt.name}, ${useCpu ? "CPU time (user + system)" : "wall time"}:`);
  const baseline = median(figures.get(`${rt.name}\0--version`)!);
  for (const name of CASES) {
    const m = median(figures.get(`${rt.name}\0${name}`)!);
    const line = `  ${name.padEnd(24)} median ${m.toFixed(0).padStart(5)} ms`;
    if (name === "--version") {
      console.log(line);
      continue;
    }
    worst = Math.max(worst, m);
    const modules = countModules(rt, name.includes("user") ? "user" : "project");
    console.log(
      `${line}  +${(m - baseline).toFixed(0)} ms above --version (${
        (m / baseline).toFixed(2)
      }×), ${modules} modules loaded`,
    );
  }
}
console.log(
  `budget: a dry run over every adapter under 500 ms — ${worst <= 500 ? "met" : "NOT met"} ` +
    `(${useCpu ? "CPU" : "wall"} ${worst.toFixed(0)} ms including start-up, slowest runtime)`,
);
rmSync(base, { recursive: true, force: true });
