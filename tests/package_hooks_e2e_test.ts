import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { cliArgv, registerFixture, REPO, runProcess } from "./_helpers/runtime.ts";
import { payloadFixtures } from "./_helpers/payload_fixtures.ts";
import { snapshotTree } from "./_helpers/tree.ts";
import { compareGolden } from "./_helpers/golden.ts";
import { PACKAGE_NAME, VERSION } from "../core/version.ts";

const FIXTURES = join(REPO, "tests", "fixtures", "package");
const CONFIG = join(FIXTURES, "acme-hooks", "agent-connector.config.mjs");
const base = mkdtempSync(join(tmpdir(), "ac-pkg-hooks-"));
after(() => rmSync(base, { recursive: true, force: true }));
const payloads = payloadFixtures("claude-code");

// The CLI the launcher finds on PATH: this checkout (or the npm build under test:node).
const shimDir = join(base, "path");
mkdirSync(shimDir);
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
writeFileSync(
  join(shimDir, "agent-connector"),
  `#!/bin/sh\nexec ${cliArgv().map(quote).join(" ")} "$@"\n`,
  { mode: 0o755 },
);

async function packaged(): Promise<string> {
  const out = join(mkdtempSync(join(base, "w-")), "plugin");
  const home = mkdtempSync(join(base, "home-"));
  const run = await runCliCaptured(
    ["package", "--connector", CONFIG, "--format", "claude-plugin", "--out", out],
    { home, env: { HOME: home }, cwd: base },
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /hooks not packaged/);
  return out;
}

function hookCommand(plugin: string, event: string): string {
  const file = JSON.parse(readFileSync(join(plugin, "hooks", "hooks.json"), "utf8"));
  return file.hooks[event][0].hooks[0].command;
}

/** Runs a plugin hook as Claude Code does: through a shell, CLAUDE_PLUGIN_ROOT set, empty HOME. */
function runPluginHook(plugin: string, command: string, stdin: string, home: string) {
  return runProcess(["sh", "-c", command], {
    stdin,
    cwd: base,
    env: {
      HOME: home,
      PATH: `${shimDir}${delimiter}${process.env.PATH ?? ""}`,
      CLAUDE_PLUGIN_ROOT: plugin,
    },
  });
}

const plugin = await packaged();

test("the claude-plugin bundle carries hooks/hooks.json and the connector module, as the golden package", () => {
  const tree = new Map<string, string>();
  for (const [rel, text] of snapshotTree(plugin)) {
    tree.set(rel, text.replaceAll(`${PACKAGE_NAME}@${VERSION}`, `${PACKAGE_NAME}@<VERSION>`));
  }
  compareGolden(join(FIXTURES, "golden", "claude-plugin-hooks"), tree);
  for (const text of tree.values()) assert.ok(!text.includes(REPO) && !text.includes(base));
});

for (const event of ["PreToolUse", "SessionStart"]) {
  test(`a packaged ${event} hook run with nothing installed replies byte-for-byte as the installed hook`, async () => {
    const stdin = JSON.stringify(payloads[event].input);
    const emptyHome = mkdtempSync(join(base, "empty-"));
    const fromPlugin = await runPluginHook(plugin, hookCommand(plugin, event), stdin, emptyHome);
    assert.ok(!existsSync(join(emptyHome, ".agent-connector", "connectors")), "nothing installed");

    const root = registerFixture("acme-guard", CONFIG, {
      displayName: "acme-guard",
      version: "2.1.0",
      telemetry: { enabled: true },
    }, mkdtempSync(join(base, "root-")));
    const installed = await runProcess(
      cliArgv("hook", "claude-code", event, "--connector", "acme-guard"),
      { stdin, env: { HOME: mkdtempSync(join(base, "h-")), AGENT_CONNECTOR_DATA_DIR: root } },
    );
    assert.equal(installed.code, 0, installed.stderr);
    assert.match(installed.stdout, event === "PreToolUse" ? /"deny"/ : /Acme guard is on/);
    assert.deepEqual(fromPlugin, installed);
  });
}

test("a packaged hook whose bundled module is gone exits 0 with no output (fail-open)", async () => {
  const broken = await packaged();
  rmSync(join(broken, "connector"), { recursive: true });
  const stdin = JSON.stringify(payloads.PreToolUse.input);
  const run = await runPluginHook(
    broken,
    hookCommand(broken, "PreToolUse"),
    stdin,
    mkdtempSync(join(base, "empty-")),
  );
  assert.deepEqual(run, { code: 0, stdout: "", stderr: "" });
});
