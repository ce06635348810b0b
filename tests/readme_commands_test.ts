/**
 * The README's commands, run as a newcomer would from a clone: every line of
 * every fenced `sh` block runs in a temp HOME and must exit 0, or is skipped
 * for a reason this file names (the registry is not reachable, or the line is
 * this very suite). `agent-connector …` runs the CLI from this checkout, from
 * inside the acme-db example (a connector's package, as the README assumes).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CLI = [process.execPath, "run", "-A", join(ROOT, "cli/main.ts")];

/** Lines not run here, and why. The first pattern a line matches wins. */
const SKIPS: [RegExp, string][] = [
  [/task test\b/, "the test suite itself"],
  [
    /task build:npm|npm pack|npm install -g/,
    "packing and installing the npm build is test:node's job",
  ],
  [/npx @ken-jo|jsr:@ken-jo|npm install @ken-jo/, "not on the registries yet"],
];

/** Every command line of the README's `sh` blocks, comments dropped. */
function readmeCommands(): string[] {
  const text = readFileSync(join(ROOT, "README.md"), "utf8");
  const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  return blocks.flatMap((b) => b.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line && !line.startsWith("#"));
}

/** The argv that runs `line` here: Deno from npm is this Deno; the CLI is this checkout's. */
function argvOf(line: string): { argv: string[]; cwd: string } {
  const words = line.split(/\s+/);
  if (words[0] === "npx" && words[1] === "-y" && words[2].startsWith("deno@")) {
    return { argv: [process.execPath, ...words.slice(3)], cwd: ROOT };
  }
  const rest = words[0] === "npx" ? words.slice(1) : words;
  assert.equal(rest[0], "agent-connector", `no rule to run README line: ${line}`);
  return { argv: [...CLI, ...rest.slice(1)], cwd: join(ROOT, "examples/acme-db") };
}

test("every command of the README runs from a clone in a fresh HOME", () => {
  const home = mkdtempSync(join(tmpdir(), "ac-readme-"));
  // A newcomer with one host: Claude Code's folder and its own config file.
  mkdirSync(join(home, ".claude"));
  writeFileSync(join(home, ".claude.json"), "{}\n");
  const env = {
    ...process.env,
    HOME: home,
    DENO_DIR: denoDir(),
    AGENT_CONNECTOR_SECRETS_BACKEND: "file",
  };
  const ran: string[] = [];
  try {
    for (const line of readmeCommands()) {
      if (SKIPS.some(([pattern]) => pattern.test(line))) continue;
      const { argv, cwd } = argvOf(line);
      const run = spawnSync(argv[0], argv.slice(1), {
        cwd,
        env,
        encoding: "utf8",
        input: "a-test-secret\n",
      });
      assert.equal(run.status, 0, `README line failed: ${line}\n${run.stderr}${run.stdout}`);
      ran.push(line);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  assert.ok(ran.some((l) => /usage report/.test(l)), "the usage commands must run");
  assert.ok(ran.some((l) => /install/.test(l)), "the install commands must run");
});

/** Children get a temp HOME but keep this Deno's module cache. */
function denoDir(): string {
  if (process.env.DENO_DIR) return process.env.DENO_DIR;
  const info = spawnSync(process.execPath, ["info", "--json"], { encoding: "utf8" });
  return JSON.parse(info.stdout).denoDir;
}
