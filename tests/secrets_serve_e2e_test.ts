/**
 * Secret delivery end to end: `secrets set` (the real CLI process) stores a
 * value in a real Secret Service; the serve command line install renders for
 * a host runs; the server it starts receives the value in its environment —
 * and the value shows up in no host-facing command line, no output and no
 * file outside the keystore. Unset names and a locked keyring stop the launch.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConnector } from "../core/define_connector.ts";
import { resolveLaunch } from "../adapters/render/server_launch.ts";
import { cliCommand } from "./_helpers/cli_process.ts";
import { nodeExecutable } from "./_helpers/mcp_peers.ts";
import { denoDirEnv } from "./_helpers/runtime.ts";
import {
  SECRET_SERVICE_SKIP,
  type SecretServiceSession,
  startSecretService,
} from "./_helpers/secret_service.ts";

const skip = SECRET_SERVICE_SKIP ?? false;
const VALUE = "serve-e2e-S3cret!value";
const TOKEN = "tok-9f8e7d6c5b4a";
const REPORTER = fileURLToPath(new URL("./fixtures/secrets/report_env.mjs", import.meta.url));
let session: SecretServiceSession;
const outputs: string[] = [];

before(async () => {
  if (!skip) session = (await startSecretService())!;
});
after(async () => {
  if (!skip) await session.stop();
});

/** Runs the real CLI as a process with the private keystore session. */
function cli(argv: string[], input = "", extraEnv: Record<string, string> = {}) {
  const [file, ...args] = cliCommand(argv);
  const run = spawnSync(file, args, {
    input,
    // Deno's own cache stays the runner's: under the temporary HOME it would
    // fetch every npm package again (network, and the worker's start-up).
    env: { ...session.env, ...denoDirEnv(), DB_USER: "app", ...extraEnv },
    encoding: "utf8",
  });
  outputs.push(run.stdout, run.stderr);
  return run;
}

/** The server command line install writes into a host without its own env syntax. */
function renderedServeArgs(): string[] {
  const connector = defineConnector({
    id: "acme-db",
    server: {
      transport: "stdio",
      command: nodeExecutable(),
      args: [REPORTER, "DB_URL", "API_TOKEN", "DB_USER"],
      env: {
        DB_URL: "pg://${env:DB_USER}:${secret:db-pass}@db/app",
        API_TOKEN: "${secret:api-token}",
      },
    },
  });
  const { launch } = resolveLaunch({
    server: connector.server!,
    connectorId: connector.id,
    platform: "codex",
    scope: "user",
    homeBin: "/home/u/.agent-connector/bin/agent-connector",
    os: "linux",
  });
  const written = JSON.stringify(launch);
  assert.equal(written.includes(VALUE) || written.includes(TOKEN), false);
  assert.match(
    written,
    /--secret-env","DB_URL=pg:\/\/\{env:DB_USER\}:\{secret:db-pass\}@db\/app"/,
  );
  assert.equal(launch!.args[0], "serve");
  return launch!.args;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isDirectory() ? filesUnder(path) : stat?.isFile() ? [path] : [];
  });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

test(
  "serve hands secrets from the Secret Service to the server's environment only",
  { skip },
  () => {
    assert.equal(
      cli(["secrets", "set", "db-pass", "--connector-id", "acme-db"], `${VALUE}\n`).status,
      0,
    );
    assert.equal(
      cli(["secrets", "set", "api-token", "--connector-id", "acme-db", "--stdin"], TOKEN).status,
      0,
    );

    const served = cli(renderedServeArgs());
    assert.equal(served.status, 0, served.stderr);
    assert.equal(served.stderr, "");
    const report = JSON.parse(served.stdout);
    const url = `pg://app:${VALUE}@db/app`;
    assert.deepEqual(report, {
      DB_URL: { present: true, length: url.length, sha256: sha256(url) },
      API_TOKEN: { present: true, length: TOKEN.length, sha256: sha256(TOKEN) },
      DB_USER: { present: true, length: 3, sha256: sha256("app") },
    });

    for (const file of filesUnder(session.home)) {
      const bytes = readFileSync(file);
      assert.equal(bytes.includes(VALUE) || bytes.includes(TOKEN), false, `${file} holds a secret`);
    }
    for (const out of outputs) assert.equal(out.includes(VALUE) || out.includes(TOKEN), false);
  },
);

test("an unset secret stops the launch before the server starts, naming it", { skip }, () => {
  assert.equal(cli(["secrets", "delete", "api-token", "--connector-id", "acme-db"]).status, 0);
  const served = cli(renderedServeArgs());
  assert.equal(served.status, 1);
  assert.equal(served.stdout, "");
  assert.equal(
    served.stderr,
    `agent-connector serve: cannot start "${nodeExecutable()}": connector "acme-db": 1 secret not set: api-token. ` +
      "Run `secrets set <name> --connector-id acme-db` for each.\n",
  );
});

test("a locked keyring stops the launch with the reason and what to do", { skip }, () => {
  assert.equal(cli(["secrets", "set", "api-token", "--connector-id", "acme-db"], TOKEN).status, 0);
  session.lock();
  const served = cli(renderedServeArgs());
  assert.equal(served.status, 1);
  assert.equal(served.stdout, "");
  assert.match(
    served.stderr,
    /: secrets backend secret-service is unavailable: the Secret Service keyring is locked\n {2}hint: unlock the keyring in your desktop session/,
  );
});
