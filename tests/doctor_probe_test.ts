/**
 * `doctor --probe` through the CLI: after an install, the connector's real
 * stdio server (the reference server from npm) is started the way serve
 * starts it and answers initialize, ping and tools/list; a server that cannot
 * answer is a FAIL that sets doctor's exit code; a remote server is skipped
 * with a note; without --probe nothing is started.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { type CliRun, runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { nodeExecutable, serverEverythingCommand } from "./_helpers/mcp_peers.ts";

let base: string;
before(() => void (base = mkdtempSync(join(tmpdir(), "ac-doctor-probe-"))));
after(() => rmSync(base, { recursive: true, force: true }));

/** Installs a connector with `server` for Claude Code in a fresh HOME; returns its CLI. */
async function installed(
  name: string,
  server: unknown,
): Promise<(...argv: string[]) => Promise<CliRun>> {
  const home = join(base, name, "home");
  const pkg = join(base, name, "pkg");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "acme-db", version: "1.0.0" }));
  const mod = JSON.stringify(pathToFileURL(join(REPO, "mod.ts")).href);
  writeFileSync(
    join(pkg, "agent-connector.config.mjs"),
    `import { defineConnector } from ${mod};\n` +
      `export default defineConnector({ server: ${JSON.stringify(server)} });\n`,
  );
  const host = {
    home,
    env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
    cwd: pkg,
  };
  const cli = (...argv: string[]) => runCliCaptured(argv, host);
  const install = await cli("install");
  assert.equal(install.code, 0, install.stdout + install.stderr);
  return cli;
}

/** The probe lines of doctor's output. */
const probeLines = (run: CliRun) => run.stdout.split("\n").filter((l) => l.includes(": probe "));

test("doctor --probe passes initialize, ping and tools/list against the real server", async () => {
  const [command, ...args] = serverEverythingCommand();
  const cli = await installed("real", { transport: "stdio", command, args });
  const run = await cli("doctor", "--probe");
  assert.equal(run.code, 0, run.stdout);
  const lines = probeLines(run);
  assert.equal(lines.length, 3, run.stdout);
  assert.match(
    lines[0],
    /\[pass\] acme-db: probe initialize: mcp-servers\/everything \S+, protocol/,
  );
  assert.match(lines[1], /\[pass\] acme-db: probe ping: answered in \d+ ms/);
  assert.match(lines[2], /\[pass\] acme-db: probe tools\/list: 13 tools, ≈\d+ tokens/);
  const json = JSON.parse((await cli("doctor", "--probe", "--json")).stdout) as Array<
    { check: string; status: string }
  >;
  assert.deepEqual(
    json.filter((f) => f.check.includes("probe")).map((f) => [f.check, f.status]),
    [
      ["acme-db: probe initialize", "pass"],
      ["acme-db: probe ping", "pass"],
      ["acme-db: probe tools/list", "pass"],
    ],
  );
});

test("a server that exits before answering is a probe FAIL and doctor exits 1, its reason on stderr", async () => {
  const cli = await installed("dies", {
    transport: "stdio",
    command: nodeExecutable(),
    args: ["-e", 'process.stderr.write("acme: DATABASE_URL is not set\\n"); process.exit(3)'],
  });
  assert.equal((await cli("doctor")).code, 0, "without the probe the install is healthy");
  const run = await cli("doctor", "--probe");
  assert.equal(run.code, 1, run.stdout);
  assert.match(
    run.stdout,
    /\[FAIL\] acme-db: probe initialize: the server exited with code 3 before answering initialize/,
  );
  assert.match(run.stdout, /fix: run the server by hand to see its output: /);
  // The server's own words reach the terminal (stderr), never the findings.
  assert.match(run.stderr, /^acme: DATABASE_URL is not set$/m);
  assert.doesNotMatch(run.stdout, /^acme: DATABASE_URL/m);
});

test("a remote server is skipped with a note and does not fail doctor", async () => {
  const cli = await installed("remote", { transport: "http", url: "https://example.invalid/mcp" });
  const run = await cli("doctor", "--probe");
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /acme-db: probe skipped: not probed: a remote \(http\) server/);
});

test("without --probe the server is never started", async () => {
  const marker = join(base, "started");
  const cli = await installed("quiet", {
    transport: "stdio",
    command: nodeExecutable(),
    args: ["-e", `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "")`],
  });
  assert.equal((await cli("doctor")).code, 0);
  assert.equal(existsSync(marker), false);
  assert.equal((await cli("doctor", "--probe")).code, 1, "it starts, then exits unanswered");
  assert.equal(existsSync(marker), true);
});
