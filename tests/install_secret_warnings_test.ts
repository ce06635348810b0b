/**
 * `install` through the CLI warns about secrets it cannot deliver (spec §3
 * `secrets`, "Related"): one `!` per unset name, one per unset defaultless
 * `${env:VAR}` inside a secret-bearing value, and the id-reuse warning when
 * another module registers an id that has secrets stored under it. Uses the
 * file backend, so it runs anywhere; the real keystore runs in
 * secrets_lifecycle_e2e_test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;

const WITH_SECRETS = `{
  id: "acme-db",
  server: {
    transport: "stdio",
    command: "acme-mcp",
    env: {
      DB_URL: "pg://\${env:DB_USER}:\${secret:db-pass}@\${env:DB_HOST:-db}/app",
      API_TOKEN: "\${secret:api-token}",
      REGION: "\${env:ACME_REGION}",
    },
  },
  platforms: {
    "gemini-cli": {
      server: { transport: "stdio", command: "acme-mcp", env: { KEY: "\${secret:gemini-key}" } },
    },
  },
}`;

function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "ac-secret-warn-"));
  const home = join(base, "home");
  mkdirSync(join(home, ".claude"), { recursive: true });
  const module = (dir: string, config: string) => {
    mkdirSync(join(base, dir), { recursive: true });
    writeFileSync(
      join(base, dir, "package.json"),
      JSON.stringify({ name: "acme-db", version: "1.0.0" }),
    );
    const path = join(base, dir, "agent-connector.config.mjs");
    writeFileSync(
      path,
      `import { defineConnector } from ${
        JSON.stringify(MOD)
      };\nexport default defineConnector(${config});\n`,
    );
    return path;
  };
  const env: Record<string, string> = { HOME: home, AGENT_CONNECTOR_SECRETS_BACKEND: "file" };
  const cli = (argv: string[], stdin = "") =>
    runCliCaptured(argv, { home, env, cwd: base, os: "linux" }, stdin);
  return {
    base,
    home,
    env,
    module,
    cli,
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

const warningsOf = (stdout: string) =>
  stdout.split("\n").filter((l) => l.startsWith("! ")).map((l) => l.slice(2));

test("install warns once per unset secret and per unset defaultless ${env:VAR} in a secret-bearing value", async () => {
  const s = sandbox();
  try {
    const mod = s.module("pkg", WITH_SECRETS);
    const run = await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(warningsOf(run.stdout), [
      'secret "db-pass" is not set — run `secrets set db-pass --connector-id acme-db`',
      'secret "api-token" is not set — run `secrets set api-token --connector-id acme-db`',
      "server.env.DB_URL: ${env:DB_USER} is not set and has no default — the serve wrapper would " +
      "expand it to an empty fragment at launch (set DB_USER, or write ${env:DB_USER:-<default>})",
    ]);
    assert.match(run.stdout, /^\+ claude-code {2}MCP server acme-db: added/m);
    assert.match(run.stdout, /, 3 warnings\n$/);

    // Every host counts without --targets: the gemini-cli override's secret too.
    const all = await s.cli(["install", "--connector", mod, "--dry-run", "--json"]);
    assert.ok(
      JSON.parse(all.stdout).warnings.includes(
        'secret "gemini-key" is not set — run `secrets set gemini-key --connector-id acme-db`',
      ),
    );

    for (const name of ["db-pass", "api-token"]) {
      const set = await s.cli(["secrets", "set", name, "--connector-id", "acme-db"], "v4lue\n");
      assert.equal(set.code, 0, set.stderr);
    }
    s.env.DB_USER = "app";
    const again = await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    assert.equal(again.code, 0, again.stdout);
    assert.deepEqual(warningsOf(again.stdout), []);
    assert.doesNotMatch(again.stdout + again.stderr, /v4lue/);
  } finally {
    s.done();
  }
});

test("install warns when another module registers an id that has secrets stored under it", async () => {
  const s = sandbox();
  try {
    s.env.DB_USER = "app";
    const mod = s.module("pkg", WITH_SECRETS);
    for (const name of ["db-pass", "api-token"]) {
      await s.cli(["secrets", "set", name, "--connector-id", "acme-db"], "v4lue\n");
    }
    const first = await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    assert.equal(first.code, 0, first.stdout);

    // A module that references no secret still gets the id's secrets later: warn too.
    const fork = s.module(
      "fork",
      `{ id: "acme-db", server: { transport: "stdio", command: "x" } }`,
    );
    const moved = await s.cli(["install", "--connector", fork, "--targets", "claude-code"]);
    assert.equal(moved.code, 1);
    assert.deepEqual(warningsOf(moved.stdout), [
      `"acme-db" was registered from ${mod}; this install registers it from ${fork}, and the ` +
      "secret(s) stored under this id (db-pass, api-token) will now be delivered to that module",
    ]);

    const back = await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    assert.deepEqual(warningsOf(back.stdout), [
      `"acme-db" was registered from ${fork}; this install registers it from ${mod}, and the ` +
      "secret(s) stored under this id (db-pass, api-token) will now be delivered to that module",
    ]);
    const settled = await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    assert.equal(settled.code, 0, settled.stdout);
  } finally {
    s.done();
  }
});

test("a module without secrets registering a fresh id touches no secret state", async () => {
  const s = sandbox();
  try {
    const plain = s.module(
      "plain",
      `{ id: "plain", server: { transport: "stdio", command: "x" } }`,
    );
    assert.equal((await s.cli(["install", "--connector", plain])).code, 0);
    const other = s.module(
      "other",
      `{ id: "plain", server: { transport: "stdio", command: "y" } }`,
    );
    const run = await s.cli(["install", "--connector", other]);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(warningsOf(run.stdout), []);
  } finally {
    s.done();
  }
});

test("upgrade warns about an unset secret as install does, from a config or the registered record", async () => {
  const s = sandbox();
  try {
    s.env.DB_USER = "app";
    const mod = s.module("pkg", WITH_SECRETS);
    await s.cli(["install", "--connector", mod, "--targets", "claude-code"]);
    const want = [
      'secret "db-pass" is not set — run `secrets set db-pass --connector-id acme-db`',
      'secret "api-token" is not set — run `secrets set api-token --connector-id acme-db`',
    ];
    const named = await s.cli(["upgrade", "--connector", mod, "--targets", "claude-code"]);
    assert.equal(named.code, 1, named.stdout);
    assert.deepEqual(warningsOf(named.stdout), want);
    // No config in the working folder: every registered connector is re-rendered.
    const registered = await s.cli(["upgrade", "--targets", "claude-code"]);
    assert.equal(registered.code, 1, registered.stdout);
    assert.deepEqual(warningsOf(registered.stdout), want);

    for (const name of ["db-pass", "api-token"]) {
      await s.cli(["secrets", "set", name, "--connector-id", "acme-db"], "v4lue\n");
    }
    const quiet = await s.cli(["upgrade", "--targets", "claude-code"]);
    assert.equal(quiet.code, 0, quiet.stdout);
    assert.deepEqual(warningsOf(quiet.stdout), []);
  } finally {
    s.done();
  }
});
