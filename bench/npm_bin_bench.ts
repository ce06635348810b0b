/**
 * The npm executable under Node, one build against another: CPU time of
 * cold processes (`--version`, a hook call, `usage report` over an empty
 * HOME, `install --dry-run` of a connector declaring every surface over
 * every registered adapter), next to an empty Node script. Runs are
 * interleaved (A, B, A, B …) so machine load hits both alike; medians and
 * B/A ratios are printed.
 *
 * `NPM_A=/path/to/old/npm NPM_B=npm deno run -A bench/npm_bin_bench.ts`
 * (B defaults to this checkout's `npm/`, built by `deno task build:npm`;
 * each build needs its npm dependencies reachable, e.g. an `npm/node_modules`).
 * Without NPM_A only B is measured. `NPM_BENCH_RUNS` (default 15).
 *
 * @module
 */

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REGISTRY } from "../adapters/registry.ts";
import { registerFixture } from "../tests/_helpers/runtime.ts";
import { median, timeChild } from "./_child_cpu.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.NPM_BENCH_RUNS ?? 15);
const builds: Record<string, string> = {};
if (process.env.NPM_A) builds.A = resolve(process.env.NPM_A);
builds.B = resolve(process.env.NPM_B ?? join(ROOT, "npm"));

const base = mkdtempSync(join(tmpdir(), "ac-bench-npm-"));
const home = join(base, "home");
const project = join(base, "project");
mkdirSync(home);
mkdirSync(project);
const empty = join(base, "empty.mjs");
writeFileSync(empty, "");

/** The acme-full connector, importing the SDK from `npm`. */
function connectorFor(name: string, npm: string): string {
  const dir = join(base, `connector-${name}`);
  cpSync(join(ROOT, "tests", "fixtures", "connectors", "acme-full"), dir, { recursive: true });
  const file = join(dir, "agent-connector.config.mjs");
  const text = readFileSync(file, "utf8")
    .replace("../../../../mod.ts", pathToFileURL(join(npm, "mod.js")).href);
  writeFileSync(file, text);
  return dir;
}

const data = join(base, "data");
registerFixture(
  "decisions",
  join(ROOT, "tests", "fixtures", "connectors", "decisions.mjs"),
  {},
  data,
);
const env = {
  ...process.env,
  HOME: home,
  AGENT_CONNECTOR_DATA_DIR: data,
  NO_COLOR: "1",
};
const payload = JSON.stringify({
  session_id: "bench",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  test_decision: "deny",
});
const targets = REGISTRY.map((r) => r.id).join(",");

interface Case {
  argv: string[];
  input?: string;
}
const cases: Record<string, Case> = { "empty script": { argv: ["node", empty] } };
for (const [name, npm] of Object.entries(builds)) {
  const bin = join(npm, "cli", "main.js");
  cases[`${name}: --version`] = { argv: ["node", bin, "--version"] };
  cases[`${name}: hook`] = {
    argv: ["node", bin, "hook", "claude-code", "PreToolUse", "--connector", "decisions"],
    input: payload,
  };
  cases[`${name}: usage report`] = { argv: ["node", bin, "usage", "report", "--json"] };
  cases[`${name}: install --dry-run`] = {
    argv: [
      ...["node", bin, "install", "--dry-run", "--json", "--scope", "user"],
      ...["--targets", targets, "--connector", connectorFor(name, npm), "--project", project],
    ],
  };
}

const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((n) => [n, []]));
function run(name: string): void {
  const c = cases[name];
  const r = timeChild(c.argv, { input: c.input, env, cwd: project });
  // install exits 1 when a host reports a conflict; the plan still ran in full.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${name} failed: ${r.stderr}`);
  if (r.cpuMs !== undefined) cpu[name].push(r.cpuMs);
}
for (const name of Object.keys(cases)) run(name); // warm the page cache
for (const name of Object.keys(cases)) cpu[name] = [];
for (let i = 0; i < RUNS; i++) for (const name of Object.keys(cases)) run(name);

const emptyMs = median(cpu["empty script"]);
console.log(`Node CPU time (user + system), median of ${RUNS}:`);
console.log(`  empty script ${emptyMs.toFixed(1)} ms`);
for (const what of ["--version", "hook", "usage report", "install --dry-run"]) {
  const figures = Object.keys(builds).map((b) => [b, median(cpu[`${b}: ${what}`])] as const);
  const parts = figures.map(([b, m]) => `${b} ${m.toFixed(1)} ms (+${(m - emptyMs).toFixed(1)})`);
  const ratio = figures.length === 2 ? `  B/A ${(figures[1][1] / figures[0][1]).toFixed(2)}` : "";
  console.log(`  ${what.padEnd(18)} ${parts.join("  ")}${ratio}`);
}
rmSync(base, { recursive: true, force: true });
