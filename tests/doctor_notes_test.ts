/**
 * doctor prints a host's standing note only for an install row it concerns:
 * Codex's hook-trust note for a connector that has hooks there and not for
 * one with a server only; Codex's and Copilot CLI's project-trust notes in
 * project scope and never in user scope; Gemini's host-native usage note
 * only while that hook is on. Real records in a temporary HOME.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { withTempDir } from "./_helpers/temp.ts";

const connector = (name: string) => join(REPO, "tests", "fixtures", "connectors", name);

type Finding = { check: string; status: string; message: string; fix?: string };

const HOOK_TRUST = /Codex runs a new or changed hook only after you trust it/;
const CODEX_PROJECT_TRUST = /Codex loads a project's \.codex\/ hooks and MCP servers/;
const COPILOT_PROJECT_TRUST = /Copilot CLI loads \.github\/mcp\.json only after you trust/;
const CN_NO_HOOKS = /cn 1\.5\.47, the newest Continue CLI on npm, does not run hooks yet/;

/** A temporary HOME and project, and the CLI run in them. */
function sandbox(base: string) {
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  const host = {
    home,
    env: {
      HOME: home,
      PATH: process.env.PATH ?? "",
      ACME_DB_DSN: "x",
      ...denoDirEnv(),
    } as Record<string, string>,
    cwd: project,
    os: "linux" as const,
  };
  const cli = (...args: string[]) => runCliCaptured(args, host);
  const doctor = async (targets: string) => {
    const run = await cli("doctor", "--json", "--targets", targets);
    return JSON.parse(run.stdout) as Finding[];
  };
  return { cli, doctor, env: host.env };
}

/** The findings of one connector's row on one host and scope. */
const rowOf = (findings: Finding[], id: string, host: string, scope: string) =>
  findings.filter((f) => f.check.startsWith(`${id} @ ${host} (${scope}):`));

/** True when `row` has a note matching `note`. */
const hasNote = (row: Finding[], note: RegExp) =>
  row.some((f) => f.message.startsWith("note: ") && note.test(f.message));

test("doctor notes that Codex asks to trust hooks for a connector with hooks, not for one without", async () => {
  await withTempDir(async (base) => {
    const { cli, doctor } = sandbox(base);
    // A connector with a server and nothing else.
    const plain = join(base, "plain.config.mjs");
    writeFileSync(
      plain,
      `import { defineConnector } from ${
        JSON.stringify(pathToFileURL(join(REPO, "mod.ts")).href)
      };\n` +
        `export default defineConnector({ id: "acme-plain", server: ` +
        `{ transport: "stdio", command: "npx", args: ["-y", "@acme/plain-mcp"] } });\n`,
    );
    for (const path of [connector("acme-hooks"), plain]) {
      const run = await cli("install", "--connector", path, "--targets", "codex");
      assert.equal(run.code, 0, run.stdout + run.stderr);
    }
    const shown = await doctor("codex");
    const withHooks = rowOf(shown, "acme-hooks", "codex", "user");
    const noHooks = rowOf(shown, "acme-plain", "codex", "user");
    assert.ok(noHooks.some((f) => /MCP server acme-plain/.test(f.check)), JSON.stringify(shown));
    assert.ok(hasNote(withHooks, HOOK_TRUST), JSON.stringify(withHooks));
    assert.ok(!hasNote(noHooks, HOOK_TRUST), JSON.stringify(noHooks));
    // A note keeps doctor's finding shape.
    const note = withHooks.find((f) => HOOK_TRUST.test(f.message))!;
    assert.equal(note.status, "warn");
    assert.equal(note.check, "acme-hooks @ codex (user): Codex");
  });
});

test("doctor and --explain say cn does not run hooks yet for a Continue install", async () => {
  await withTempDir(async (base) => {
    const { cli, doctor } = sandbox(base);
    const run = await cli(
      "install",
      "--connector",
      connector("acme-hooks"),
      "--targets",
      "continue",
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const row = rowOf(await doctor("continue"), "acme-hooks", "continue", "user");
    assert.ok(hasNote(row, CN_NO_HOOKS), JSON.stringify(row));
    // And --explain marks each of its hooks degraded, saying why.
    const explained = await cli("doctor", "--json", "--explain", "--targets", "continue");
    const rows = JSON.parse(explained.stdout).explain as Array<Record<string, string>>;
    const pre = rows.find((r) => r.host === "continue" && r.event === "PreToolUse");
    assert.equal(pre?.support, "degraded", JSON.stringify(rows));
    assert.match(pre!.reason, /cn 1\.5\.47 \(newest on npm\) does not run hooks yet/);
  });
});

test("doctor keeps project-trust notes to project-scope installs", async () => {
  await withTempDir(async (base) => {
    const { cli, doctor } = sandbox(base);
    for (const scope of ["user", "project"]) {
      const run = await cli(
        "install",
        "--connector",
        connector("acme-hooks"),
        "--targets",
        "codex,copilot-cli",
        "--scope",
        scope,
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
    }
    const shown = await doctor("codex,copilot-cli");
    for (
      const [host, note] of [["codex", CODEX_PROJECT_TRUST], [
        "copilot-cli",
        COPILOT_PROJECT_TRUST,
      ]] as const
    ) {
      const user = rowOf(shown, "acme-hooks", host, "user");
      const project = rowOf(shown, "acme-hooks", host, "project");
      assert.ok(
        user.some((f) => /MCP server acme-hooks/.test(f.check)),
        `${host} has a user-scope server: ${JSON.stringify(shown)}`,
      );
      assert.ok(!hasNote(user, note), JSON.stringify(user));
      assert.ok(hasNote(project, note), JSON.stringify(project));
    }
  });
});

test("doctor notes Gemini's host-native usage cost only while the usage hook is on", async () => {
  await withTempDir(async (base) => {
    const { cli, doctor, env } = sandbox(base);
    const usage = /Host-native usage \(hostNativeUsage\) runs usage-event/;
    env.AGENT_CONNECTOR_HOST_NATIVE = "1";
    const run = await cli(
      "install",
      "--connector",
      connector("acme-hooks"),
      "--targets",
      "gemini-cli",
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const on = rowOf(await doctor("gemini-cli"), "acme-hooks", "gemini-cli", "user");
    assert.ok(on.some((f) => /host-native usage/.test(f.check)), JSON.stringify(on));
    assert.ok(hasNote(on, usage), JSON.stringify(on));
    // Turned off: the usage hook left on disk is stale, and the note goes.
    delete env.AGENT_CONNECTOR_HOST_NATIVE;
    const off = rowOf(await doctor("gemini-cli"), "acme-hooks", "gemini-cli", "user");
    assert.ok(!hasNote(off, usage), JSON.stringify(off));
    assert.ok(hasNote(off, /hooksConfig\.enabled/), JSON.stringify(off));
  });
});
