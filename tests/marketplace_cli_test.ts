// install/upgrade/uninstall/doctor --method marketplace through the CLI, on real files in a
// temp HOME, with a shell script standing in for `gemini` on PATH (the real hosts are
// driven in tests/lab/plugins.lab.ts).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";

const base = mkdtempSync(join(tmpdir(), "ac-market-cli-"));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, "home");
const bin = join(base, "bin");
mkdirSync(home);
mkdirSync(bin);
copyFileSync(
  join(REPO, "tests", "fixtures", "marketplace", "fake_extensions_host.sh"),
  join(bin, "gemini"),
);
// In its own folder, so a run from HOME or the base finds no config by walking up.
mkdirSync(join(base, "proj"));
const config = join(base, "proj", "agent-connector.config.mjs");
writeFileSync(
  config,
  `export default { id: "acme", server: { transport: "stdio", command: "npx", args: ["-y", "acme-mcp"] },
  memory: [{ content: "Acme rules." }] };\n`,
);
const env = { HOME: home, PATH: `${bin}:${process.env.PATH ?? ""}` };
const cli = (...args: string[]) => runCliCaptured(args, { home, env, cwd: base });
const calls = () => readFileSync(join(home, ".fake-host", "calls"), "utf8").trim().split("\n");
const stateFile = join(home, ".agent-connector", "marketplace", "marketplace-installs.json");

test("install --method marketplace stages the extension, runs the host's install and records it", async () => {
  const run = await cli(
    "install",
    "--method",
    "marketplace",
    "--targets",
    "gemini-cli",
    "--connector",
    config,
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const staged = join(home, ".agent-connector", "marketplace", "gemini-cli", "acme");
  assert.match(
    run.stdout,
    /\+ gemini-cli\s+acme installed with GEMINI_CLI_TRUST_WORKSPACE=true gemini extensions install/,
  );
  assert.deepEqual(calls(), [`extensions install ${staged} --consent`, "extensions list"]);
  assert.equal(readFileSync(join(staged, "GEMINI.md"), "utf8"), "Acme rules.\n");
  const state = JSON.parse(readFileSync(stateFile, "utf8"));
  assert.deepEqual(state.installs.map((r: { host: string }) => r.host), ["gemini-cli"]);
});

test("a config install on that host is refused (the dual-method guard)", async () => {
  const run = await cli("install", "--targets", "gemini-cli", "--connector", config);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /acme is installed in gemini-cli as a plugin/);
  assert.equal(
    existsSync(join(home, ".gemini", "settings.json")),
    false,
    "no config entry written",
  );
});

test("doctor checks the plugin install with the host's list", async () => {
  const run = await cli("doctor", "--connector", config, "--targets", "gemini-cli");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /\[pass\] acme: gemini-cli plugin: acme 0\.0\.0 installed with gemini\n/,
  );
  // The host lost it (removed by hand): doctor fails and says how to put it back.
  const installed = join(home, ".fake-host", "installed");
  writeFileSync(installed, "");
  const lost = await cli("doctor", "--connector", config, "--targets", "gemini-cli");
  writeFileSync(installed, "acme\n");
  assert.equal(lost.code, 1, lost.stdout);
  assert.match(
    lost.stdout,
    /\[FAIL\] acme: gemini-cli plugin: `gemini extensions list` does not list acme/,
  );
  assert.match(lost.stdout, /install --method marketplace --targets gemini-cli/);
});

test("status shows the plugin on its host", async () => {
  // Gemini CLI is detected by files it writes, such as its installation id.
  mkdirSync(join(home, ".gemini"), { recursive: true });
  writeFileSync(join(home, ".gemini", "installation_id"), "lab\n");
  const run = await cli("status", "--connector", config);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^gemini-cli \(user\) {2}acme: plugin acme 0\.0\.0$/m);
});

test("upgrade follows the plugin method: an unchanged package changes nothing", async () => {
  const before = calls().length;
  const run = await cli("upgrade", "--connector", config);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /= gemini-cli\s+acme is installed and its package is unchanged/);
  assert.deepEqual(calls().slice(before), ["extensions list"]);
});

test("upgrade with no config at hand reinstalls each plugin from its recorded module", async () => {
  const before = calls().length;
  const run = await runCliCaptured(["upgrade"], { home, env, cwd: home });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /= gemini-cli\s+acme is installed and its package is unchanged/);
  assert.deepEqual(calls().slice(before), ["extensions list"]);
});

test("uninstall removes it with the host's own command and forgets it", async () => {
  const run = await cli("uninstall", "--connector-id", "acme");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(calls().at(-1), "extensions uninstall acme");
  assert.equal(existsSync(stateFile), false);
  assert.equal(existsSync(join(home, ".agent-connector", "marketplace")), false);
});

test("uninstall --purge of another connector keeps the home binary a plugin's launcher runs", async () => {
  const installed = await cli(
    "install",
    "--method",
    "marketplace",
    "--targets",
    "gemini-cli",
    "--connector",
    config,
  );
  assert.equal(installed.code, 0, installed.stdout + installed.stderr);
  const purge = await cli("uninstall", "--connector-id", "other", "--purge");
  assert.equal(purge.code, 0, purge.stdout + purge.stderr);
  assert.ok(existsSync(join(home, ".agent-connector", "bin", "agent-connector")));
  const done = await cli("uninstall", "--connector-id", "acme", "--purge");
  assert.equal(done.code, 0, done.stdout + done.stderr);
  assert.equal(existsSync(join(home, ".agent-connector", "bin", "agent-connector")), false);
});
