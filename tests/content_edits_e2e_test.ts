/**
 * A command file of ours that the user edited by hand is theirs to keep:
 * install and upgrade never remove it without --force, even once the
 * connector no longer declares it; uninstall removes it after a backup.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;

function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "ac-edit-"));
  const home = join(base, "home");
  mkdirSync(join(home, ".claude"), { recursive: true });
  const host = {
    home,
    env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
    cwd: "",
  };
  let version = 0;
  return {
    base,
    home,
    /** A new version of the package (a new folder: this process caches the module it imported). */
    configure(commands: string[]) {
      const pkg = join(base, `pkg${++version}`);
      mkdirSync(pkg);
      writeFileSync(
        join(pkg, "package.json"),
        JSON.stringify({ name: "acme-db", version: `1.0.${version}` }),
      );
      host.cwd = pkg;
      const defs = commands.map((n) => `{ name: "${n}", prompt: "Run ${n}." }`).join(", ");
      writeFileSync(
        join(pkg, "agent-connector.config.mjs"),
        `import { defineConnector } from ${JSON.stringify(MOD)};\n` +
          `export default defineConnector({ commands: [${defs}] });\n`,
      );
    },
    cli: (...argv: string[]) => runCliCaptured(argv, host),
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

function backupsHolding(base: string, text: string): number {
  const root = join(base, "home", ".agent-connector", "backups");
  if (!existsSync(root)) return 0;
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (readFileSync(join(d, e.name), "utf8") === text) n++;
    }
  };
  walk(root);
  return n;
}

test("upgrade leaves a hand-edited command the connector dropped, says what to do, and removes it only under --force", async () => {
  const s = sandbox();
  try {
    s.configure(["deploy", "status"]);
    assert.equal((await s.cli("install", "--targets", "claude-code")).code, 0);
    const deploy = join(s.home, ".claude", "commands", "deploy.md");
    const mine = readFileSync(deploy, "utf8") + "\nAlso tag the release.\n";
    writeFileSync(deploy, mine);
    s.configure(["status"]);
    for (let i = 0; i < 2; i++) {
      const up = await s.cli("upgrade", "--targets", "claude-code");
      assert.equal(up.code, 1, up.stdout + up.stderr);
      const warned = up.stdout.split("\n").filter((l) => l.includes("deploy"));
      assert.equal(warned.length, 1, up.stdout);
      assert.match(
        warned[0],
        /^! claude-code {2}command file: .*\(~\/\.claude\/commands\/deploy\.md\)$/,
      );
      assert.match(warned[0], /edited by hand/);
      assert.match(warned[0], /--force/);
      assert.equal(readFileSync(deploy, "utf8"), mine);
    }
    // doctor names the file's own fix, not a memory block's.
    const doc = await s.cli("doctor", "--targets", "claude-code");
    assert.match(
      doc.stdout,
      /\[warn\] acme-db @ claude-code \(user\): command file: attention: no longer part/,
    );
    assert.match(
      doc.stdout,
      /fix: delete the file, or run `agent-connector upgrade --force` to remove it \(a backup is kept\)/,
    );
    assert.doesNotMatch(doc.stdout, /markers/);
    const forced = await s.cli("upgrade", "--targets", "claude-code", "--force");
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.equal(existsSync(deploy), false);
    assert.ok(backupsHolding(s.base, mine) >= 1, "the edited bytes are in a backup");
  } finally {
    s.done();
  }
});

test("doctor tells how to rewrite a hand-edited command the connector still declares", async () => {
  const s = sandbox();
  try {
    s.configure(["deploy"]);
    assert.equal((await s.cli("install", "--targets", "claude-code")).code, 0);
    const deploy = join(s.home, ".claude", "commands", "deploy.md");
    writeFileSync(deploy, "my own deploy\n");
    const doc = await s.cli("doctor", "--targets", "claude-code");
    assert.match(
      doc.stdout,
      /\[warn\] acme-db @ claude-code \(user\): command deploy: attention: edited by hand/,
    );
    assert.match(
      doc.stdout,
      /fix: copy out what you want to keep, then run `agent-connector install --force` to rewrite the file \(a backup is kept\)/,
    );
    assert.doesNotMatch(doc.stdout, /markers/);
  } finally {
    s.done();
  }
});

test("uninstall removes a hand-edited command after a backup, as it does a hand-edited memory block", async () => {
  const s = sandbox();
  try {
    s.configure(["deploy"]);
    assert.equal((await s.cli("install", "--targets", "claude-code")).code, 0);
    const deploy = join(s.home, ".claude", "commands", "deploy.md");
    const mine = readFileSync(deploy, "utf8") + "\nmine\n";
    writeFileSync(deploy, mine);
    const gone = await s.cli("uninstall", "--targets", "claude-code");
    assert.equal(gone.code, 0, gone.stdout + gone.stderr);
    assert.match(gone.stdout, /edited by hand since install; backup kept/);
    assert.equal(existsSync(deploy), false);
    assert.equal(backupsHolding(s.base, mine), 1);
  } finally {
    s.done();
  }
});
