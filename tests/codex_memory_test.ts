/**
 * Codex memory through the real install: a non-empty AGENTS.override.md
 * takes the block (Codex reads it instead of AGENTS.md), and a file growing
 * past ~28 KiB is warned about, once per install, counting our own block
 * only once on re-install.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";
import { withTempDir } from "./_helpers/temp.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hooks");

function install(base: string) {
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  return runCliCaptured(
    ["install", "--connector", CONNECTOR, "--targets", "codex", "--scope", "project"],
    {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ACME_DB_DSN: "x" },
      cwd: project,
      os: "linux",
    },
  );
}

test("a non-empty AGENTS.override.md takes the block and AGENTS.md is left alone", async () => {
  await withTempDir(async (base) => {
    const project = join(base, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "AGENTS.md"), "# Rules\n");
    writeFileSync(join(project, "AGENTS.override.md"), "# Release freeze rules\n");
    const run = await install(base);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules\n");
    assert.match(
      readFileSync(join(project, "AGENTS.override.md"), "utf8"),
      /^# Release freeze rules\n\n<!-- agent-connector:begin acme-hooks\/memory /,
    );
    assert.match(run.stdout, /= codex {2}memory: AGENTS\.override\.md shadows AGENTS\.md/);
  });
});

test("memory that would push AGENTS.md past 28 KiB is warned about, and counted once", async () => {
  await withTempDir(async (base) => {
    const project = join(base, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "AGENTS.md"), `# Big\n${"x".repeat(28 * 1024 - 200)}\n`);
    const first = await install(base);
    assert.match(
      first.stdout,
      /! codex {2}memory: .*AGENTS\.md would hold ~29 KiB — keep it under 28 KiB/,
    );
    const again = await install(base);
    assert.equal(again.stdout.match(/would hold/g)?.length, 1, "one warning, same size");
    assert.match(again.stdout, /would hold ~29 KiB/);
  });
  await withTempDir(async (base) => {
    const project = join(base, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "AGENTS.md"), "# Small\n");
    assert.doesNotMatch((await install(base)).stdout, /would hold/);
  });
});
