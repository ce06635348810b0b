/**
 * `status` on a host whose config file no longer parses says so, naming the
 * file and line, instead of showing a guess as fact.
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

test("status flags a host config file that does not parse, with its line, and still exits 0", async () => {
  const base = mkdtempSync(join(tmpdir(), "ac-status-"));
  try {
    const home = join(base, "home");
    const pkg = join(base, "pkg");
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(pkg);
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "acme-db", version: "1.0.0" }));
    writeFileSync(
      join(pkg, "agent-connector.config.mjs"),
      `import { defineConnector } from ${JSON.stringify(MOD)};\n` +
        `export default defineConnector({ server: { transport: "stdio", command: "acme-mcp" },\n` +
        `  hooks: { Stop: { handler: () => ({ decision: "allow" }) } } });\n`,
    );
    const host = {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd: pkg,
    };
    const cli = (...argv: string[]) => runCliCaptured(argv, host);
    assert.equal((await cli("install", "--targets", "claude-code")).code, 0);
    const clean = await cli("status");
    assert.doesNotMatch(clean.stdout, /^ {2}! /m);

    const settings = join(home, ".claude", "settings.json");
    writeFileSync(settings, readFileSync(settings, "utf8").replace(/^\{/, "{ oops"));
    const run = await cli("status");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^claude-code \(user\) {2}acme-db: /m);
    assert.match(run.stdout, /^ {2}! .*settings\.json: line 1: not valid JSON \(/m);
    const json = JSON.parse((await cli("status", "--json")).stdout);
    assert.equal(json[0].unreadable.length, 1);
    assert.match(json[0].unreadable[0], /settings\.json: line 1: not valid JSON/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
