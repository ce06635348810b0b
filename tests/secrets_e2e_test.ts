/**
 * End to end against a real Secret Service: the CLI stores a secret, a server
 * launched with the resolved environment receives it, and the value appears in
 * no output and no file outside the keystore.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runtimeName } from "../edge/runtime_info.ts";
import { formatSecretEnvArg, parseSecretEnvArg, resolveLaunchEnv } from "../secrets/launch_env.ts";
import { openSecretStore } from "../secrets/store.ts";
import { SecretResolutionError } from "../secrets/errors.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import {
  SECRET_SERVICE_SKIP,
  type SecretServiceSession,
  startSecretService,
} from "./_helpers/secret_service.ts";

const skip = SECRET_SERVICE_SKIP ?? false;
const VALUE = "e2e-Secret-Value-7Hq2!";
const REPORTER = fileURLToPath(new URL("./fixtures/secrets/report_env.mjs", import.meta.url));
let session: SecretServiceSession;
const outputs: string[] = [];

before(async () => {
  if (!skip) session = (await startSecretService())!;
});
after(async () => {
  if (!skip) await session.stop();
});

function host() {
  return { home: session.home, cwd: session.home, os: "linux" as const, env: session.env };
}

async function cli(argv: string[], stdin = "") {
  const run = await runCliCaptured(argv, host(), stdin);
  outputs.push(run.stdout, run.stderr);
  return run;
}

/** Every regular file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) out.push(...filesUnder(path));
    else if (stat?.isFile()) out.push(path);
  }
  return out;
}

function launch(extraEnv: Record<string, string>, names: string[]) {
  const args = runtimeName() === "deno" ? ["run", "-A", REPORTER, ...names] : [REPORTER, ...names];
  const child = spawnSync(process.execPath, args, {
    env: { PATH: session.env.PATH, ...extraEnv },
    encoding: "utf8",
  });
  outputs.push(child.stdout, child.stderr);
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test(
  "secrets set → check → list → launch → delete, and the value is found nowhere but the keystore",
  { skip },
  async () => {
    const set = await cli(["secrets", "set", "db-pass", "--connector-id", "acme-db"], `${VALUE}\n`);
    assert.equal(set.code, 0, set.stderr);
    assert.equal(set.stdout, 'secret "db-pass" stored in secret-service for connector acme-db\n');

    const check = await cli(["secrets", "check", "--connector-id", "acme-db"]);
    assert.equal(check.code, 0, check.stdout);
    assert.match(
      check.stdout,
      /backend: secret-service — available: .*\nself-test: write ok, read ok, delete ok\nok\n$/,
    );

    const list = await cli(["secrets", "list", "--connector-id", "acme-db", "--json"]);
    assert.deepEqual(
      JSON.parse(list.stdout).map((e: { name: string; present: boolean }) => [e.name, e.present]),
      [["db-pass", true]],
    );

    // What serve does at launch: parse each --secret-env flag, resolve, add to the child's env only.
    const flag = formatSecretEnvArg("DB_URL", "pg://${env:DB_USER}:${secret:db-pass}@db/app");
    assert.equal(flag.includes(VALUE), false);
    const { envKey, template } = parseSecretEnvArg(flag);
    const store = openSecretStore({
      connectorId: "acme-db",
      env: session.env,
      home: session.home,
      platform: "linux",
    });
    const added = resolveLaunchEnv({
      connectorId: "acme-db",
      secretEnv: { [envKey]: template },
      env: { DB_USER: "app" },
      store,
    });
    const report = launch(added, ["DB_URL", "DB_USER"]);
    const expected = `pg://app:${VALUE}@db/app`;
    assert.deepEqual(report.DB_URL, {
      present: true,
      length: expected.length,
      sha256: createHash("sha256").update(expected).digest("hex"),
    });
    assert.deepEqual(report.DB_USER, { present: false });
    assert.equal(process.env.DB_URL, undefined);

    // Nothing on disk outside the keystore holds the value (gnome-keyring encrypts its file).
    const dataRoot = join(session.home, ".agent-connector");
    mkdirSync(dataRoot, { recursive: true });
    const files = filesUnder(session.home);
    assert.ok(files.some((f) => f.endsWith("acme-db.index.json")));
    for (const file of files) {
      assert.equal(readFileSync(file).includes(VALUE), false, `${file} contains the secret value`);
    }
    for (const out of outputs) assert.equal(out.includes(VALUE), false);
    // The scan itself can find a value (control): a copy written in plain text is found.
    const control = mkdtempSync(join(tmpdir(), "ac-"));
    writeFileSync(join(control, "leak.txt"), `x${VALUE}x`);
    assert.ok(filesUnder(control).some((f) => readFileSync(f).includes(VALUE)));
    rmSync(control, { recursive: true, force: true });

    const del = await cli(["secrets", "delete", "db-pass", "--connector-id", "acme-db"]);
    assert.equal(
      del.stdout,
      'secret "db-pass" deleted from secret-service for connector acme-db\n',
    );
    assert.throws(
      () =>
        resolveLaunchEnv({
          connectorId: "acme-db",
          secretEnv: { DB_URL: template },
          env: {},
          store,
        }),
      (e: unknown) => e instanceof SecretResolutionError && e.missing.join() === "db-pass",
    );
  },
);

test(
  "a locked keyring makes secrets set and list say so, exit 1, and change nothing",
  { skip },
  async () => {
    await cli(["secrets", "set", "keep", "--connector-id", "locked-one"], "v-1");
    session.lock();
    const set = await cli(["secrets", "set", "other", "--connector-id", "locked-one"], "v-2");
    assert.equal(set.code, 1);
    assert.equal(
      set.stderr,
      "agent-connector: secrets backend secret-service is unavailable: the Secret Service keyring is locked\n" +
        "  hint: unlock the keyring in your desktop session (agent-connector never prompts for the keyring password), or use --backend file\n",
    );
    const list = await cli(["secrets", "list", "--connector-id", "locked-one"]);
    assert.equal(list.code, 0);
    assert.match(
      list.stdout,
      /^name +backend +present +updated\nkeep +secret-service +unknown +\d{4}-[^\n]+\n$/,
    );
    const check = await cli(["secrets", "check"]);
    assert.equal(check.code, 1);
    assert.match(
      check.stdout,
      /secret-service — unavailable: the Secret Service keyring is locked/,
    );
  },
);

test("without a D-Bus session, check fails and points at --backend file", { skip }, async () => {
  const env = { ...session.env, DBUS_SESSION_BUS_ADDRESS: "unix:path=/nonexistent" };
  const run = await runCliCaptured(["secrets", "check"], { ...host(), env });
  assert.equal(run.code, 1);
  assert.match(
    run.stdout,
    /backend: secret-service — unavailable: no Secret Service on the D-Bus session bus: .*\n {2}hint: use --backend file/,
  );
});
