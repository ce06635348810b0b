/**
 * `deno task test:node`: builds the npm package, packs it, installs the
 * tarball into a temporary folder next to copies of `tests/node/` and
 * `examples/`, type-checks a consumer file against the published `.d.ts`
 * with the pinned TypeScript, and runs `node --test` there with the
 * machine's Node (20 on CI), exactly as a user's project would see it.
 *
 * @module
 */

import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildNpm, ROOT } from "./build_npm.ts";

function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", stdio: "pipe" });
  if (result.error) throw new Error(`cannot run ${cmd}: ${result.error.message}`);
  return result;
}

function must(cmd: string, args: string[], cwd: string): string {
  const result = run(cmd, args, cwd);
  if (result.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(" ")} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

/** The TypeScript version deno.json pins, for the consumer type check. */
function typescriptPin(): string {
  const deno = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8"));
  const match = /^npm:typescript@(.+)$/.exec(deno.imports?.typescript ?? "");
  if (!match) throw new Error("deno.json imports has no npm:typescript pin");
  return match[1];
}

/** Where this Deno keeps its module cache (children under another HOME reuse it). */
function denoDir(): string {
  if (process.env.DENO_DIR) return process.env.DENO_DIR;
  const info = run(process.execPath, ["info", "--json"], ROOT);
  return JSON.parse(info.stdout || "{}").denoDir ?? "";
}

function main(): number {
  const nodeVersion = must("node", ["--version"], ROOT).trim();
  console.log(`node ${nodeVersion}`);
  const { outDir } = buildNpm();
  const work = mkdtempSync(join(tmpdir(), "ac-node-"));
  try {
    const tarball = must("npm", ["pack", "--silent", "--pack-destination", work], outDir)
      .trim().split("\n").pop() as string;
    writeFileSync(
      join(work, "package.json"),
      JSON.stringify({ name: "ac-node-suite", private: true, type: "module" }),
    );
    must("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      join(work, tarball),
      `typescript@${typescriptPin()}`,
    ], work);
    cpSync(join(ROOT, "tests", "node"), join(work, "tests"), { recursive: true });
    cpSync(join(ROOT, "examples"), join(work, "examples"), {
      recursive: true,
      filter: (src) => !src.includes("node_modules"),
    });
    const tsc = run("node", [
      join(work, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      join(work, "tests", "tsconfig.json"),
    ], work);
    if (tsc.status !== 0) {
      console.error(`The published types do not check:\n${tsc.stdout}${tsc.stderr}`);
      return 1;
    }
    const files = readdirSync(join(work, "tests"))
      .filter((f) => f.endsWith(".test.mjs"))
      .map((f) => join("tests", f));
    // The Deno CLI of this checkout, for the suites that switch runtimes on one data root.
    const env = {
      ...process.env,
      AC_TEST_DENO: process.execPath,
      AC_TEST_REPO: ROOT,
      AC_TEST_DENO_DIR: denoDir(),
    };
    const test = spawnSync("node", ["--test", ...files], { cwd: work, stdio: "inherit", env });
    return test.status ?? 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  try {
    process.exit(main());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
