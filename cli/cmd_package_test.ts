import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { snapshotTree } from "../tests/_helpers/tree.ts";
import { compareGolden } from "../tests/_helpers/golden.ts";
import { REPO } from "../tests/_helpers/runtime.ts";
import { packageSchema, validateJson } from "../tests/_helpers/json_schema.ts";
import { PACKAGE_NAME, VERSION } from "../core/version.ts";

const FIXTURES = join(REPO, "tests", "fixtures", "package");
const CONFIG = join(FIXTURES, "acme-pkg", "agent-connector.config.mjs");
const base = mkdtempSync(join(tmpdir(), "ac-package-"));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, "home");
mkdirSync(home);
let n = 0;

/** The package's files with the pinned framework version (the launcher's npx fallback) neutralized. */
function golden(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [rel, text] of snapshotTree(dir)) {
    out.set(rel, text.replaceAll(`${PACKAGE_NAME}@${VERSION}`, `${PACKAGE_NAME}@<VERSION>`));
  }
  return out;
}

/** Runs `package` in a fresh working folder; returns the run and that folder. */
async function pkg(...args: string[]) {
  const cwd = join(base, `w${n++}`);
  mkdirSync(cwd);
  const run = await runCliCaptured(["package", "--connector", CONFIG, ...args], {
    home,
    env: { HOME: home },
    cwd,
  });
  return { run, cwd };
}

test("agent-plugin is written to ./dist-plugin byte-for-byte as the golden package", async () => {
  const { run, cwd } = await pkg();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  compareGolden(join(FIXTURES, "golden", "agent-plugin"), golden(join(cwd, "dist-plugin")));
});

for (
  const format of [
    "claude-plugin",
    "factory-plugin",
    "gemini-extension",
    "qwen-extension",
    "cursor-plugin",
    "mcp-server-json",
    "mcpb",
  ]
) {
  test(`${format} is written byte-for-byte as its golden package, with no absolute path`, async () => {
    const { run, cwd } = await pkg("--format", format);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const tree = snapshotTree(join(cwd, "dist-plugin"));
    compareGolden(join(FIXTURES, "golden", format), golden(join(cwd, "dist-plugin")));
    for (const [rel, text] of tree) {
      for (const path of [base, home, REPO]) {
        assert.ok(!text.includes(path), `${rel} holds ${path}`);
      }
    }
  });
}

test("two runs give the same bytes, and the second replaces the first", async () => {
  const { run, cwd } = await pkg("--out", "out");
  assert.equal(run.code, 0, run.stderr);
  const first = snapshotTree(join(cwd, "out"));
  const again = await runCliCaptured(["package", "--connector", CONFIG, "--out", "out"], {
    home,
    env: { HOME: home },
    cwd,
  });
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(snapshotTree(join(cwd, "out")), first);
});

test("the package holds no absolute path: not the project, the home or the working folder", async () => {
  const { cwd } = await pkg();
  for (const [rel, text] of snapshotTree(join(cwd, "dist-plugin"))) {
    const body = text.replace(/^#!.*\n/, "");
    for (const path of [base, home, REPO, FIXTURES]) {
      assert.ok(!body.includes(path), `${rel} holds ${path}`);
    }
    assert.doesNotMatch(
      body,
      /(?:^|[\s"'=])(?:\/(?:home|Users|tmp|root|var|opt|usr|srv)\/|[A-Za-z]:\\)/,
      rel,
    );
  }
});

test("plugin.json and mcp.json validate against the official Agent Plugins 1.0.0 schemas", async () => {
  const { cwd } = await pkg();
  for (const name of ["plugin", "mcp"]) {
    const schema = packageSchema("agent-plugins-1.0.0", `${name}.schema.json`);
    const doc = JSON.parse(readFileSync(join(cwd, "dist-plugin", `${name}.json`), "utf8"));
    assert.deepEqual(validateJson(doc, schema), [], name);
  }
});

test("cursor-plugin's .cursor-plugin/plugin.json validates against Cursor's official manifest schema", async () => {
  const { cwd } = await pkg("--format", "cursor-plugin");
  const schema = packageSchema("cursor-plugin", "plugin.schema.json");
  const path = join(cwd, "dist-plugin", ".cursor-plugin", "plugin.json");
  assert.deepEqual(validateJson(JSON.parse(readFileSync(path, "utf8")), schema), []);
});

test("cursor-plugin writes a remote server into mcp.json byte-for-byte as its golden package", async () => {
  const cwd = join(base, `w${n++}`);
  mkdirSync(cwd);
  const config = join(FIXTURES, "acme-remote", "agent-connector.config.mjs");
  const run = await runCliCaptured(
    ["package", "--connector", config, "--format", "cursor-plugin"],
    { home, env: { HOME: home }, cwd },
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /^! /m, "a remote server and a skill leave nothing out");
  compareGolden(join(FIXTURES, "golden", "cursor-plugin-remote"), golden(join(cwd, "dist-plugin")));
});

test("cursor-plugin prints how to install it into Cursor", async () => {
  const { run } = await pkg("--format", "cursor-plugin");
  assert.match(
    run.stdout,
    /^ {2}cursor-plugin — Cursor: copy \.\/dist-plugin to ~\/\.cursor\/plugins\/local\/acme-db and reload Cursor/m,
  );
});

test("the output lists every file, each warning and how to install", async () => {
  const { run } = await pkg();
  assert.equal(
    run.stdout.split("Install:")[0].split("\n").filter((l) => l.startsWith("  ")).join("\n"),
    [
      ".agent-connector-package",
      "bin/agent-connector.mjs",
      "com.github.copilot/agents/acme-reviewer.agent.md",
      "mcp.json",
      "plugin.json",
      "skills/acme-sql/SKILL.md",
      "skills/acme-sql/templates/select.sql",
    ].map((p) => `  ${p}`).join("\n"),
  );
  assert.match(run.stdout, /^Wrote \.\/dist-plugin\/:\n/);
  assert.match(run.stdout, /^! agent-plugin: hooks not packaged — /m);
  assert.match(run.stdout, /^! agent-plugin: commands not packaged — /m);
  assert.match(run.stdout, /^! agent-plugin: memory not packaged — /m);
  assert.match(
    run.stdout,
    /^ {2}agent-plugin — GitHub Copilot CLI: copilot plugin install \.\/dist-plugin$/m,
  );
  assert.match(
    run.stdout,
    /^ {2}agent-plugin — Cursor: copy \.\/dist-plugin to ~\/\.cursor\/plugins\/local\/acme-db\/$/m,
  );
  assert.match(
    run.stdout,
    /^ {2}agent-plugin — then store the secret "db-pass" once: npx @ken-jo\/agent-connector secrets set db-pass --connector-id acme-db$/m,
  );
});

test("--dry-run prints the files and writes nothing", async () => {
  const { run, cwd } = await pkg("--dry-run");
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^Would write \.\/dist-plugin\/ \(dry run, nothing written\):\n {2}\.agent-connector-package\n/,
  );
  assert.equal(existsSync(join(cwd, "dist-plugin")), false);
});

test("--json prints each format's files, warnings and install lines", async () => {
  const { run, cwd } = await pkg("--json", "--out", "p");
  const out = JSON.parse(run.stdout);
  assert.equal(out.connectorId, "acme-db");
  assert.equal(out.out, join(cwd, "p"));
  assert.equal(out.dryRun, false);
  assert.equal(out.formats[0].format, "agent-plugin");
  assert.ok(out.formats[0].files.includes("plugin.json"));
  assert.ok(out.formats[0].warnings.length > 0);
  assert.deepEqual(out.skipped, []);
});

test("a folder the command did not write is refused (exit 1) and left as it was", async () => {
  const cwd = join(base, "foreign");
  mkdirSync(join(cwd, "dist-plugin"), { recursive: true });
  writeFileSync(join(cwd, "dist-plugin", "index.html"), "<p>mine</p>\n");
  const run = await runCliCaptured(["package", "--connector", CONFIG], {
    home,
    env: { HOME: home },
    cwd,
  });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /--out ".*dist-plugin" is not empty and was not written by agent-connector package/,
  );
  assert.deepEqual([...snapshotTree(join(cwd, "dist-plugin")).keys()], ["index.html"]);
  const dry = await runCliCaptured(["package", "--connector", CONFIG, "--dry-run"], {
    home,
    env: { HOME: home },
    cwd,
  });
  assert.equal(dry.code, 1, "a dry run reports the same refusal");
});

test("an unknown format and a format not supported yet are usage errors naming the supported ones", async () => {
  const unknown = await pkg("--format", "zip");
  assert.equal(unknown.run.code, 2);
  assert.match(unknown.run.stderr, /unknown format "zip" \(formats: agent-plugin, claude-plugin,/);
  const later = await pkg("--format", "npm-plugin");
  assert.equal(later.run.code, 2);
  assert.match(
    later.run.stderr,
    /format "npm-plugin" is not supported yet: it must be a published JavaScript package .*https:\/\/opencode\.ai\/docs\/plugins\/.*\nsupported: agent-plugin, claude-plugin, factory-plugin, gemini-extension, qwen-extension, cursor-plugin, mcp-server-json, mcpb$/m,
  );
  assert.equal(existsSync(join(later.cwd, "dist-plugin")), false);
});

test("the codex-plugin and copilot-plugin aliases emit agent-plugin with a deprecation line", async () => {
  for (const alias of ["codex-plugin", "copilot-plugin"]) {
    const { run, cwd } = await pkg("--format", alias);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stderr,
      `--format ${alias} is deprecated: it is the same package as --format agent-plugin; use that\n`,
    );
    assert.ok(existsSync(join(cwd, "dist-plugin", "plugin.json")));
  }
});

test("--format all puts each supported format in its own folder and names the ones skipped", async () => {
  const { run, cwd } = await pkg("--format", "all");
  assert.equal(run.code, 0, run.stderr);
  assert.ok(existsSync(join(cwd, "dist-plugin", "agent-plugin", "plugin.json")));
  assert.ok(existsSync(join(cwd, "dist-plugin", ".agent-connector-package")));
  assert.match(
    run.stdout,
    /^not supported yet \(skipped by all\): agy-plugin, kimi-plugin, npm-plugin$/m,
  );
  assert.ok(existsSync(join(cwd, "dist-plugin", "claude-plugin", ".claude-plugin", "plugin.json")));
  assert.ok(existsSync(join(cwd, "dist-plugin", "gemini-extension", "gemini-extension.json")));
  assert.ok(existsSync(join(cwd, "dist-plugin", "cursor-plugin", ".cursor-plugin", "plugin.json")));
  assert.doesNotMatch(run.stdout, /mcp-server-json|mcpb/);
});

test("--help shows the usage, the formats and an example", async () => {
  const run = await runCliCaptured(["package", "--help"]);
  assert.equal(run.code, 0);
  assert.match(
    run.stdout,
    /^Usage: agent-connector package \[--connector <path>\] \[--format <fmt>\|all\]/,
  );
  assert.match(run.stdout, /Examples:\n {2}npx @ken-jo\/agent-connector package --connector/);
});

test("mcp-server-json without a publish block fails naming the field and writes nothing", async () => {
  const dir = join(base, "no-publish");
  mkdirSync(dir);
  writeFileSync(
    join(dir, "agent-connector.config.mjs"),
    `import { defineConnector } from ${
      JSON.stringify(new URL("../mod.ts", import.meta.url).href)
    };\n` +
      `export default defineConnector({ id: "acme", server: { transport: "stdio", command: "acme-mcp" } });\n`,
  );
  const run = await runCliCaptured(["package", "--format", "mcp-server-json"], {
    home,
    env: { HOME: home },
    cwd: dir,
  });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /mcp-server-json needs publish\.registryNamespace in the connector config/,
  );
  assert.equal(existsSync(join(dir, "dist-plugin")), false);
});
