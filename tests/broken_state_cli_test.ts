/**
 * A connector record (`connectors/<id>/connector.json`) that no longer parses
 * is reported by name and line; it is never read as "not installed", which
 * would rewrite it and forget every host and project the connector is in; an
 * ownership ledger that no longer parses is a doctor FAIL, not a crash. An
 * id nothing knows is said to be unknown, and `status` flags a host config
 * file that does not parse instead of showing a guess as fact.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;
const BROKEN = '{\n  "id": "acme-db",\n  oops\n}\n';

async function withInstalled(
  fn: (box: {
    cli: (...argv: string[]) => ReturnType<typeof runCliCaptured>;
    cliElsewhere: (...argv: string[]) => ReturnType<typeof runCliCaptured>;
    record: string;
    home: string;
  }) => Promise<void>,
  opts: { breakRecord?: boolean } = {},
): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), "ac-rec-"));
  try {
    const home = join(base, "home");
    const pkg = join(base, "pkg");
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(pkg);
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "acme-db", version: "1.0.0" }));
    writeFileSync(
      join(pkg, "agent-connector.config.mjs"),
      `import { defineConnector } from ${JSON.stringify(MOD)};\n` +
        `export default defineConnector({ server: { transport: "stdio", command: "acme-mcp" } });\n`,
    );
    const host = {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd: pkg,
    };
    const cli = (...argv: string[]) => runCliCaptured(argv, host);
    const cliElsewhere = (...argv: string[]) => runCliCaptured(argv, { ...host, cwd: home });
    assert.equal((await cli("install", "--targets", "claude-code")).code, 0);
    const record = join(home, ".agent-connector", "connectors", "acme-db", "connector.json");
    if (opts.breakRecord !== false) writeFileSync(record, BROKEN);
    await fn({ cli, cliElsewhere, record, home });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

const NAMED = /connector\.json: line 3, column 3: .*Fix it by hand/;

test("install, upgrade and uninstall refuse a broken connector record, naming its file and line, and leave it as it is", async () => {
  await withInstalled(async ({ cli, record }) => {
    for (const argv of [["install"], ["upgrade"], ["uninstall", "acme-db"]]) {
      const run = await cli(...argv);
      assert.equal(run.code, 1, argv.join(" "));
      assert.match(run.stderr, NAMED, argv.join(" "));
      assert.equal(run.stderr.trim().split("\n").length, 1, "one message, no stack");
      assert.equal(readFileSync(record, "utf8"), BROKEN, `${argv.join(" ")} rewrote the record`);
    }
  });
});

test("upgrade of every registered connector reports a broken record as a warning and fails", async () => {
  await withInstalled(async ({ cliElsewhere, record }) => {
    const run = await cliElsewhere("upgrade");
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^! .*acme-db: cannot read .*connector\.json: line 3, column 3/m);
    assert.equal(readFileSync(record, "utf8"), BROKEN);
  });
});

test("doctor fails on a broken connector record instead of calling the connector not installed", async () => {
  await withInstalled(async ({ cli }) => {
    for (const argv of [["doctor"], ["doctor", "--json"]]) {
      const run = await cli(...argv);
      assert.equal(run.code, 1, argv.join(" "));
      assert.match(run.stdout, /connector\.json: line 3, column 3/);
      assert.doesNotMatch(run.stdout, /not installed/);
    }
  });
});

test("doctor reports an ownership ledger that does not parse as a FAIL naming it, and leaves it as it is", async () => {
  await withInstalled(async ({ cli, record }) => {
    const owned = join(record, "..", "owned.json");
    writeFileSync(owned, BROKEN);
    const run = await cli("doctor");
    assert.equal(run.code, 1);
    assert.equal(run.stderr, "", "reported, not thrown");
    assert.match(
      run.stdout,
      /\[FAIL\] acme-db: ownership ledger: Cannot read ".*owned\.json": .*line 3/,
    );
    assert.match(run.stdout, /\[pass\] acme-db: framework version/, "the other checks still run");
    assert.equal(readFileSync(owned, "utf8"), BROKEN);
  }, { breakRecord: false });
});

test("uninstall of an id nothing knows says so on stderr and stays a no-op", async () => {
  const base = mkdtempSync(join(tmpdir(), "ac-rec-"));
  try {
    const home = join(base, "home");
    mkdirSync(home);
    const run = await runCliCaptured(["uninstall", "acme-typo"], {
      home,
      env: { HOME: home },
      cwd: base,
    });
    assert.equal(run.code, 0);
    assert.match(run.stderr, /nothing of connector "acme-typo" is registered or found in any host/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test("status flags a host config file that does not parse, with its line, and still exits 0", async () => {
  await withInstalled(async ({ cli, home }) => {
    assert.doesNotMatch((await cli("status")).stdout, /^ {2}! /m);
    const config = join(home, ".claude.json");
    writeFileSync(config, readFileSync(config, "utf8").replace(/^\{/, "{ oops"));
    const run = await cli("status");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^claude-code \(user\) {2}acme-db: /m);
    assert.match(run.stdout, /^ {2}! .*\.claude\.json: line 1: not valid JSON \(/m);
    const json = JSON.parse((await cli("status", "--json")).stdout);
    assert.equal(json[0].unreadable.length, 1);
    assert.match(json[0].unreadable[0], /\.claude\.json: line 1: not valid JSON/);
  }, { breakRecord: false });
});
