/**
 * `auth` through the real CLI against a real authorization server on
 * 127.0.0.1 (oidc-provider) with a headless browser following the printed
 * URL. The keystore is the file backend (the engine tests in oauth/ use the
 * real Secret Service); its file-store.json is the one file allowed to hold
 * the refresh token.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { runCli } from "./run.ts";
import type { CliContext } from "./_context.ts";
import { CLI_NAME, VERSION } from "../core/version.ts";
import { REPO } from "../tests/_helpers/runtime.ts";
import { browse, type OAuthTestServer, startOAuthServer } from "../tests/_helpers/oauth_server.ts";
import { listFiles } from "../tests/_helpers/temp.ts";
import { clearTokenCache } from "../oauth/_token_cache.ts";
import { getAccessToken } from "../oauth/access_token.ts";
import { readConnectorRecord } from "../io/connector_record.ts";

let server: OAuthTestServer;
let home: string;
let project: string;
let cwd: string;

before(async () => {
  server = await startOAuthServer();
  home = mkdtempSync(join(tmpdir(), "ac-"));
  project = join(home, "proj");
  mkdirSync(project);
  cwd = project;
  writeFileSync(
    join(project, "agent-connector.config.mjs"),
    `import { defineConnector } from ${JSON.stringify(pathToFileURL(join(REPO, "mod.ts")).href)};
export default defineConnector({
  id: "auth-cli",
  server: { transport: "stdio", command: "node", args: ["server.js"] },
  oauth: {
    main: {
      provider: "generic",
      clientId: "agent-connector",
      issuer: ${JSON.stringify(server.issuer)},
      scopes: ["openid", "offline_access", "mcp"],
      extraAuthorizationParams: { prompt: "consent" },
    },
    spare: { provider: "generic", clientId: "agent-connector", issuer: ${
      JSON.stringify(server.issuer)
    }, scopes: ["openid", "offline_access"] },
  },
});
`,
  );
});
after(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in the project; a printed authorization URL is followed by the headless browser. */
async function cli(...argv: string[]): Promise<Run> {
  clearTokenCache(); // each CLI run is its own process
  let stdout = "";
  let stderr = "";
  const pages: Promise<unknown>[] = [];
  const ctx: CliContext = {
    stdout: { write: (t) => void (stdout += t) },
    stderr: {
      write: (t) => {
        stderr += t;
        const url = t.match(/^Authorize .* at: (\S+)$/m)?.[1] ??
          t.match(/^\(or open (\S+)\)$/m)?.[1];
        if (url) pages.push(browse(url));
      },
    },
    stdin: Readable.from([""]),
    machine: {
      home,
      env: { AGENT_CONNECTOR_BROWSER: "never", AGENT_CONNECTOR_SECRETS_BACKEND: "file" },
      os: "linux",
      cwd,
    },
    brand: { name: CLI_NAME, version: VERSION },
  };
  const code = await runCli(argv, ctx);
  await Promise.all(pages);
  return { code, stdout, stderr };
}

test("auth login, status, token and logout work end to end and print no token except on token's stdout", async () => {
  const before = await cli("auth", "status");
  assert.equal(before.code, 0);
  assert.match(
    before.stdout,
    /^key +provider +present +obtained +via\nmain +generic +no +- +-\nspare +generic +no +- +-\n$/,
  );

  const login = await cli("auth", "login", "main", "--loopback");
  assert.equal(login.code, 0, login.stderr);
  const host = new URL(server.issuer).host;
  assert.equal(
    login.stdout,
    `logged in to "main" (${host}) for connector auth-cli — refresh token stored in file\n`,
  );
  assert.match(login.stderr, new RegExp(`^Authorize ${host} at: ${server.issuer}/auth\\?\\S+\\n$`));

  const status = await cli("auth", "status", "--json");
  assert.equal(status.code, 0);
  const rows = JSON.parse(status.stdout);
  assert.equal(rows[0].present, true);
  assert.equal(rows[0].obtainedVia, "loopback");
  assert.equal(rows[0].backend, "file");
  assert.equal(rows[1].present, false);

  const token = await cli("auth", "token", "main");
  assert.equal(token.code, 0, token.stderr);
  assert.equal(token.stderr, "");
  assert.match(token.stdout, /^\S+\n$/);
  const accessToken = token.stdout.trim();
  const me = await fetch(`${server.issuer}/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  assert.equal(me.status, 200);
  await me.body?.cancel();

  const store = JSON.parse(
    readFileSync(join(home, ".agent-connector", "secrets", "file-store.json"), "utf8"),
  );
  const refresh = JSON.stringify(store).match(/"([A-Za-z0-9_-]{40,})"/)?.[1];
  assert.ok(refresh, "the refresh token is in the keystore");
  const outputs = [before, login, status].flatMap((r) => [r.stdout, r.stderr]).join("\n");
  for (const secret of [accessToken, refresh]) {
    assert.ok(!outputs.includes(secret), "no token in any other output");
    for (const file of listFiles(home).filter((f) => !f.endsWith("file-store.json"))) {
      assert.ok(
        !readFileSync(join(home, file), "latin1").includes(secret),
        `${file} holds a token`,
      );
    }
  }

  const logout = await cli("auth", "logout", "main");
  assert.equal(logout.code, 0);
  assert.equal(
    logout.stdout,
    `logged out of "main" for connector auth-cli (revoked at the provider)\n`,
  );
  const again = await cli("auth", "logout", "main");
  assert.equal(again.code, 0);
  assert.equal(again.stdout, `logged out of "main" for connector auth-cli (nothing was stored)\n`);

  const gone = await cli("auth", "token", "main");
  assert.equal(gone.code, 1);
  assert.equal(gone.stdout, "");
  assert.equal(
    gone.stderr,
    'agent-connector: login "main" is not present for connector auth-cli — run `auth login main --connector-id auth-cli`\n',
  );
});

test("auth usage errors exit 2 and print the verb's signature", async () => {
  const unknownVerb = await cli("auth", "renew");
  assert.equal(unknownVerb.code, 2);
  assert.match(unknownVerb.stderr, /unknown verb "renew"/);

  const undeclared = await cli("auth", "login", "github");
  assert.equal(undeclared.code, 2);
  assert.match(
    undeclared.stderr,
    /auth login: connector auth-cli declares no login "github" \(declared: main, spare\)\n {2}usage: auth login <key> /,
  );

  const missing = await cli("auth", "token");
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /usage: auth token <key> \[--connector <path>\]/);

  const extra = await cli("auth", "status", "main");
  assert.equal(extra.code, 2);

  const badPort = await cli("auth", "login", "main", "--port", "70000");
  assert.equal(badPort.code, 2);
  assert.match(badPort.stderr, /--port must be an integer in 1\.\.65535, got "70000"/);
});

test("auth with no connector to act on exits 1 naming the flags to pass", async () => {
  let stderr = "";
  const code = await runCli(["auth", "status"], {
    stdout: { write: () => {} },
    stderr: { write: (t) => void (stderr += t) },
    stdin: Readable.from([""]),
    machine: { home, env: {}, os: "linux", cwd: home },
    brand: { name: CLI_NAME, version: VERSION },
  });
  assert.equal(code, 1);
  assert.match(stderr, /auth status: no connector resolved/);
});

test("auth login --device prints where to enter the code, and the approved login is stored", async () => {
  const login = await cli("auth", "login", "spare", "--device", "--json");
  assert.equal(login.code, 0, login.stderr);
  const result = JSON.parse(login.stdout);
  assert.equal(result.obtainedVia, "device");
  assert.equal(result.backend, "file");
  assert.match(
    login.stderr,
    new RegExp(
      `^Visit ${server.issuer}/device and enter code [A-Z]{4}-[A-Z]{4}\n\\(or open \\S+\\)\n$`,
    ),
  );
  const both = await cli("auth", "login", "spare", "--device", "--loopback");
  assert.equal(both.code, 2, both.stderr);
  assert.match(both.stderr, /--device and --loopback are exclusive/);
  assert.equal((await cli("auth", "logout", "spare")).code, 0);
});

test("install warns about each login not present on every host entry it writes, and doctor adds the logins check", async () => {
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(join(home, ".cursor"), { recursive: true });
  const install = await cli("install", "--targets", "claude-code,cursor");
  assert.equal(install.code, 1, install.stderr);
  const warned = install.stdout.split("\n").filter((l) => l.includes("is not present"));
  assert.deepEqual(
    warned,
    ["claude-code", "cursor"].flatMap((host) =>
      ["main", "spare"].map((key) =>
        `! ${host}  login "${key}" (generic) is not present — run \`auth login ${key}\` before the server needs it`
      )
    ),
    install.stdout,
  );
  assert.match(install.stdout, /\d+ warnings?\n$/);
  const doctor = await cli("doctor", "--json");
  const findings = JSON.parse(doctor.stdout);
  const list = Array.isArray(findings) ? findings : findings.findings ?? findings.results;
  const logins = list.find((f: { check: string }) => f.check === "auth-cli: logins");
  assert.deepEqual(
    { status: logins?.status, message: logins?.message },
    { status: "warn", message: "not logged in: main, spare — run auth login <key>" },
  );
});

test("an installed connector's logins work by --connector-id from anywhere, and leave the record when it is uninstalled", async () => {
  const root = join(home, ".agent-connector");
  const recorded = readConnectorRecord(root, "auth-cli")?.oauth;
  assert.deepEqual(Object.keys(recorded ?? {}), ["main", "spare"]);
  assert.equal(recorded?.main.issuer, server.issuer);
  cwd = home; // no agent-connector.config.* here
  try {
    const status = await cli("auth", "status", "--connector-id", "auth-cli");
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /^main +generic +no/m);
    const login = await cli("auth", "login", "main", "--connector-id", "auth-cli");
    assert.equal(login.code, 0, login.stderr);
    const token = await cli("auth", "token", "main", "--connector-id", "auth-cli");
    assert.equal(token.code, 0, token.stderr);
    clearTokenCache();
    const sdk = await getAccessToken({
      connectorId: "auth-cli",
      key: "main",
      interactive: "never",
      env: {},
      secretStore: { dataRoot: root, backend: "file", env: {} },
    });
    assert.ok(sdk.accessToken, "getAccessToken without def reads the record");
    assert.notEqual(sdk.accessToken, token.stdout.trim());
    // No token in the record, the metadata, the locks or any output but token's stdout.
    const keystore = readFileSync(join(root, "secrets", "file-store.json"), "utf8");
    const refresh = JSON.stringify(JSON.parse(keystore)).match(/"([A-Za-z0-9_-]{40,})"/)?.[1];
    assert.ok(refresh);
    for (const secret of [token.stdout.trim(), sdk.accessToken, refresh]) {
      for (const text of [status.stdout, status.stderr, login.stdout, login.stderr, token.stderr]) {
        assert.ok(!text.includes(secret), "no token in any other output");
      }
      for (const file of listFiles(home).filter((f) => !f.endsWith("file-store.json"))) {
        assert.ok(
          !readFileSync(join(home, file), "latin1").includes(secret),
          `${file} holds a token`,
        );
      }
    }

    // A connector whose module is gone: doctor checks the logins its record holds.
    const ghost = readConnectorRecord(root, "auth-cli")!;
    writeFileSync(
      join(root, "connectors", "auth-cli", "connector.json"),
      JSON.stringify({ ...ghost, modulePath: join(home, "gone", "agent-connector.config.mjs") }),
    );
    let doctor;
    try {
      doctor = await cli("doctor", "--json");
    } finally {
      writeFileSync(join(root, "connectors", "auth-cli", "connector.json"), JSON.stringify(ghost));
    }
    const list = JSON.parse(doctor.stdout);
    const findings = Array.isArray(list) ? list : list.findings ?? list.results;
    assert.equal(
      findings.find((f: { check: string }) => f.check === "auth-cli: logins")?.message,
      "not logged in: spare — run auth login <key>",
      "doctor checks the recorded logins without the module",
    );

    cwd = project;
    const uninstall = await cli("uninstall", "--targets", "claude-code,cursor");
    assert.ok(uninstall.code === 0 || uninstall.code === 1, uninstall.stderr);
    assert.equal(readConnectorRecord(root, "auth-cli")?.oauth, undefined);
    cwd = home;
    const after = await cli("auth", "status", "--connector-id", "auth-cli");
    assert.equal(after.code, 1);
    assert.match(after.stderr, /connector auth-cli has no recorded login definitions/);
    await assert.rejects(
      getAccessToken({
        connectorId: "auth-cli",
        key: "spare",
        interactive: "never",
        env: {},
        secretStore: { dataRoot: root, backend: "file", env: {} },
      }),
      /no login definition for "spare" of connector auth-cli/,
    );
  } finally {
    cwd = project;
  }
});
