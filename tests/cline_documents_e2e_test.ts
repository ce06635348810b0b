/**
 * Cline's two Documents folders end to end: a user install writes hooks and
 * workflows where the VS Code extension reads them (`xdg-user-dir
 * DOCUMENTS`) and where the CLI does (`~/Documents`), once when the two
 * agree; a second install changes nothing; status and doctor see both;
 * upgrade writes back a missing CLI copy; uninstall leaves no trace — also
 * after user-dirs.dirs changed in between.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { fixtureConnector } from "./_helpers/seeded_box.ts";
import { denoDirEnv } from "./_helpers/runtime.ts";
import { listDirs, snapshotTree } from "./_helpers/tree.ts";

const CONNECTOR = fixtureConnector("acme-hosts-c");
const XDG = '#!/bin/sh\n# stand-in: only its presence on the PATH matters\necho "$HOME"\n';
const DIRS = ".config/user-dirs.dirs";
const HOOKS = ["TaskStart", "PreToolUse", "PostToolUse", "TaskComplete"];

/** A HOME with an xdg-user-dir on the PATH and, when given, a user-dirs.dirs. */
function box(userDirs?: string) {
  const base = mkdtempSync(join(tmpdir(), "ac-cline-docs-"));
  const home = join(base, "home");
  const project = join(base, "project");
  const seed: Record<string, string> = { "bin/xdg-user-dir": XDG };
  if (userDirs) seed[DIRS] = `XDG_DOCUMENTS_DIR="${userDirs}"\n`;
  for (const [rel, text] of Object.entries(seed)) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text, { mode: 0o755 });
  }
  mkdirSync(project);
  const before = snapshotTree(home);
  const dirsBefore = listDirs(home);
  const env = {
    HOME: home,
    PATH: `${join(home, "bin")}:${process.env.PATH ?? ""}`,
    ...denoDirEnv(),
  };
  return {
    home,
    cli: (...args: string[]) => runCliCaptured(args, { home, env, cwd: project }),
    /** True when every hook script and the workflow are in `<home>/<docs>/Cline`. */
    has: (docs: string) =>
      [...HOOKS.map((h) => `Hooks/${h}`), "Workflows/acme-deploy.md"]
        .every((rel) => existsSync(join(home, docs, "Cline", rel))),
    rules: (docs: string) => existsSync(join(home, docs, "Cline", "Rules", "agent-connector.md")),
    assertRestored() {
      const now = snapshotTree(home, [".agent-connector"]);
      assert.deepEqual([...now.keys()].sort(), [...before.keys()].sort(), "HOME's files");
      for (const [rel, text] of before) assert.equal(now.get(rel), text, rel);
      assert.deepEqual(listDirs(home, [".agent-connector"]), dirsBefore, "created folders");
    },
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

const install = ["install", "--connector", CONNECTOR, "--targets", "cline"];

/** Asserts the run wrote nothing: every line `=` or `!`, and a zero summary. */
function assertNoOp(run: { stdout: string }): void {
  const lines = run.stdout.trim().split("\n");
  for (const line of lines.slice(0, -1)) assert.match(line, /^[=!] /, line);
  assert.match(lines.at(-1)!, /0 created, 0 updated, 0 removed/);
}

test("no user-dirs.dirs: ~/Cline for the extension and ~/Documents/Cline for the CLI", async () => {
  const b = box();
  try {
    const run = await b.cli(...install);
    assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
    assert.ok(b.has(""), "the extension's folder (xdg-user-dir prints HOME)");
    assert.ok(b.has("Documents"), "the CLI's folder");
    // The CLI reads ~/Cline/Rules too (3.0.65): one copy of the rules.
    assert.ok(b.rules(""));
    assert.equal(b.rules("Documents"), false);
    assertNoOp(await b.cli(...install));

    const status = JSON.parse((await b.cli("status", "--json")).stdout);
    const cline = status.find((r: { host: string }) => r.host === "cline");
    assert.deepEqual(cline.connectors, [{ id: "acme-hosts", server: true, hooks: true }]);
    const doctor = await b.cli("doctor", "--connector", CONNECTOR, "--targets", "cline");
    assert.doesNotMatch(doctor.stdout, /reads only/, "the old two-folder warning is gone");
    assert.match(doctor.stdout, /\[pass\] acme-hosts @ cline \(user\): hook PreToolUse/);

    // The CLI's copies gone: status no longer counts the hooks, doctor fails,
    // upgrade (sync) writes them back.
    const cliHooks = join(b.home, "Documents", "Cline", "Hooks");
    for (const name of readdirSync(cliHooks)) rmSync(join(cliHooks, name));
    const partial = JSON.parse((await b.cli("status", "--json")).stdout);
    const row = partial.find((r: { host: string }) => r.host === "cline");
    assert.deepEqual(row.connectors, [{ id: "acme-hosts", server: true, hooks: false }]);
    const broken = await b.cli("doctor", "--connector", CONNECTOR, "--targets", "cline");
    assert.equal(broken.code, 1, broken.stdout);
    assert.match(broken.stdout, /\[FAIL\] acme-hosts @ cline \(user\): hook PreToolUse/);
    const sync = await b.cli("upgrade", "--connector", CONNECTOR, "--targets", "cline");
    assert.ok(sync.code === 0 || sync.code === 1, sync.stdout + sync.stderr);
    assert.ok(b.has("Documents"));
    assertNoOp(await b.cli(...install));

    const gone = await b.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
    assert.equal(gone.code, 0, gone.stdout + gone.stderr);
    b.assertRestored();
  } finally {
    b.done();
  }
});

const named: Array<[string, string, string[]]> = [
  ["user-dirs.dirs naming ~/Documents: one folder serves both runtimes", "Documents", [
    "Documents",
  ]],
  // The CLI reads only ~/Documents.
  ["a renamed Documents: hooks, workflows and rules in it and in ~/Documents", "Dokumente", [
    "Dokumente",
    "Documents",
  ]],
];
for (const [name, documents, folders] of named) {
  test(name, async () => {
    const b = box(`$HOME/${documents}`);
    try {
      const run = await b.cli(...install);
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      for (const f of folders) assert.ok(b.has(f) && b.rules(f), f);
      assert.equal(existsSync(join(b.home, "Cline")), false);
      assertNoOp(await b.cli(...install));
      assert.equal((await b.cli("uninstall", "--connector-id", "acme-hosts", "--purge")).code, 0);
      b.assertRestored();
    } finally {
      b.done();
    }
  });
}

test("user-dirs.dirs written after the install: re-install and uninstall clear ~/Cline", async () => {
  const b = box();
  try {
    await b.cli(...install);
    assert.ok(b.has("") && b.has("Documents"));
    // The desktop login writes user-dirs.dirs: now both runtimes read ~/Documents.
    mkdirSync(join(b.home, ".config"));
    writeFileSync(join(b.home, DIRS), 'XDG_DOCUMENTS_DIR="$HOME/Documents"\n');
    const again = await b.cli(...install);
    assert.match(again.stdout, /- cline .*Cline\/Hooks\/PreToolUse/, again.stdout);
    assert.equal(existsSync(join(b.home, "Cline", "Hooks")), false, "the stale copy is gone");
    assert.ok(b.has("Documents") && b.rules("Documents"));
    rmSync(join(b.home, DIRS));
    rmSync(join(b.home, ".config"), { recursive: true });
    assert.equal((await b.cli("uninstall", "--connector-id", "acme-hosts", "--purge")).code, 0);
    b.assertRestored();
  } finally {
    b.done();
  }
});
