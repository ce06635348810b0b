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

// The CLI the launcher finds on PATH: this checkout (or the npm build under test:node).
const shimDir = join(base, "path");
mkdirSync(shimDir);
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
writeFileSync(
  join(shimDir, "agent-connector"),
  `#!/bin/sh\nexec ${cliArgv().map(quote).join(" ")} "$@"\n`,
  { mode: 0o755 },
);

/** Packages the fixture as `format` into a fresh folder; returns that folder. */
async function packaged(format: string): Promise<string> {
  const out = join(mkdtempSync(join(base, "w-")), "plugin");
  const home = mkdtempSync(join(base, "home-"));
  const run = await runCliCaptured(
    ["package", "--connector", CONFIG, "--format", format, "--out", out],
    { home, env: { HOME: home }, cwd: base },
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /hooks not packaged/);
  return out;
}

/** How each host runs a packaged hook: the root placeholder it expands, the normalized event of a native one. */
const FORMATS = [
  {
    format: "claude-plugin",
    host: "claude-code",
    // Claude Code sets CLAUDE_PLUGIN_ROOT and expands it in the command.
    expand: (command: string, root: string) => command.replaceAll("${CLAUDE_PLUGIN_ROOT}", root),
    events: { PreToolUse: "PreToolUse", SessionStart: "SessionStart" } as Record<string, string>,
    golden: "claude-plugin-hooks",
  },
  {
    format: "gemini-extension",
    host: "gemini-cli",
    // Gemini CLI hydrates ${extensionPath} in hooks/hooks.json before it runs a command.
    expand: (command: string, root: string) => command.replaceAll("${extensionPath}", root),
    events: { BeforeTool: "PreToolUse", SessionStart: "SessionStart" } as Record<string, string>,
    golden: "gemini-extension-hooks",
  },
  {
    format: "agent-plugin",
    host: "copilot-cli",
    // Copilot CLI runs a plugin's hooks with PLUGIN_ROOT set: the shell expands it.
    expand: (command: string, root: string) => command.replaceAll("${PLUGIN_ROOT}", root),
    events: { preToolUse: "PreToolUse" } as Record<string, string>,
    golden: "agent-plugin-hooks",
  },
];

function hookCommand(plugin: string, native: string): string {
  // Copilot CLI's hook file in an Agent Plugins package, one {type, bash} per entry.
  const copilot = join(plugin, "com.github.copilot", "hooks", "hooks.json");
  if (existsSync(copilot)) return JSON.parse(readFileSync(copilot, "utf8")).hooks[native][0].bash;
  const file = JSON.parse(readFileSync(join(plugin, "hooks", "hooks.json"), "utf8"));
  return file.hooks[native][0].hooks[0].command;
}

/** Runs a packaged hook as its host does: through a shell, in an empty HOME, nothing installed. */
function runPackagedHook(command: string, stdin: string, home: string) {
  return runProcess(["sh", "-c", command], {
    stdin,
    cwd: base,
    env: { HOME: home, PATH: `${shimDir}${delimiter}${process.env.PATH ?? ""}` },
  });
}

for (const f of FORMATS) {
  const plugin = await packaged(f.format);
  const payloads = payloadFixtures(f.host);

  test(`the ${f.format} bundle carries its hook file and the connector module, as the golden package`, () => {
    const tree = new Map<string, string>();
    for (const [rel, text] of snapshotTree(plugin)) {
      tree.set(rel, text.replaceAll(`${PACKAGE_NAME}@${VERSION}`, `${PACKAGE_NAME}@<VERSION>`));
    }
    compareGolden(join(FIXTURES, "golden", f.golden), tree);
    for (const text of tree.values()) assert.ok(!text.includes(REPO) && !text.includes(base));
  });

  for (const [native, event] of Object.entries(f.events)) {
    test(`a packaged ${f.format} ${native} hook run with nothing installed replies byte-for-byte as the installed hook`, async () => {
      const stdin = JSON.stringify(payloads[native].input);
      const emptyHome = mkdtempSync(join(base, "empty-"));
      const command = f.expand(hookCommand(plugin, native), plugin);
      const fromPackage = await runPackagedHook(command, stdin, emptyHome);
      assert.ok(
        !existsSync(join(emptyHome, ".agent-connector", "connectors")),
        "nothing installed",
      );

      const root = registerFixture("acme-guard", CONFIG, {
        displayName: "acme-guard",
        version: "2.1.0",
        telemetry: { enabled: true },
      }, mkdtempSync(join(base, "root-")));
      const installed = await runProcess(
        cliArgv("hook", f.host, event, "--connector", "acme-guard"),
        { stdin, env: { HOME: mkdtempSync(join(base, "h-")), AGENT_CONNECTOR_DATA_DIR: root } },
      );
      assert.equal(installed.code, 0, installed.stderr);
      if (event === "SessionStart") assert.match(installed.stdout, /Acme guard is on/);
      if (f.host === "claude-code" && event === "PreToolUse") {
        assert.match(installed.stdout, /"deny"/);
      }
      assert.deepEqual(fromPackage, installed);
    });
  }
}

test("a packaged hook whose bundled module is gone exits 0 with no output (fail-open)", async () => {
  const broken = await packaged("claude-plugin");
  rmSync(join(broken, "connector"), { recursive: true });
  const stdin = JSON.stringify(payloadFixtures("claude-code").PreToolUse.input);
  const command = FORMATS[0].expand(hookCommand(broken, "PreToolUse"), broken);
  const run = await runPackagedHook(command, stdin, mkdtempSync(join(base, "empty-")));
  assert.deepEqual(run, { code: 0, stdout: "", stderr: "" });
});
