import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { VERSION } from "../core/version.ts";

test("--version prints the name and the version of deno.json", async () => {
  const deno = JSON.parse(readFileSync(new URL("../deno.json", import.meta.url), "utf8"));
  assert.equal(deno.version, VERSION);
  for (const flag of ["--version", "-v"]) {
    const run = await runCliCaptured([flag]);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, `agent-connector ${VERSION}\n`);
  }
});

test("--help, -h and no arguments print the top-level help", async () => {
  for (const argv of [["--help"], ["-h"], [], ["help"]]) {
    const run = await runCliCaptured(argv);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^agent-connector \S+\n\nUsage: agent-connector <command>/);
  }
});

test("an unknown command is a usage error on stderr with exit 2", async () => {
  const run = await runCliCaptured(["frobnicate"]);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /unknown command "frobnicate"/);
});

test("a mistyped command suggests the closest one; a far-off word suggests nothing", async () => {
  const typo = await runCliCaptured(["instal"]);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /unknown command "instal" — did you mean "install"\?/);
  const far = await runCliCaptured(["frobnicate"]);
  assert.doesNotMatch(far.stderr, /did you mean/);
});

test("a leading -- separator (deno task cli -- …) is ignored", async () => {
  const run = await runCliCaptured(["--", "--version"]);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /^agent-connector \S+\n$/);
});

test("an unknown top-level flag is a usage error with exit 2", async () => {
  const run = await runCliCaptured(["--frob"]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /unknown flag "--frob"/);
});

test("a branded CLI's doctor names its own command in every fix", async () => {
  const home = mkdtempSync(join(tmpdir(), "ac-brand-"));
  try {
    writeFileSync(
      join(home, "agent-connector.config.json"),
      JSON.stringify({ server: { transport: "stdio", command: "acme-db-mcp" } }),
    );
    writeFileSync(join(home, "package.json"), JSON.stringify({ name: "acme-db", bin: "acme" }));
    const run = await runCliCaptured(["doctor"], { home, cwd: home }, "", { name: "acme-db" });
    assert.match(run.stdout, /fix: run `acme-db install`/);
    assert.doesNotMatch(run.stdout, /`agent-connector /);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
