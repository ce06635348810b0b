import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { CLI_NAME, VERSION } from "../core/version.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import type { CliContext } from "./_context.ts";
import type { ConnectorLoader } from "./_connector_ref.ts";
import { run } from "./cmd_secrets.ts";
import { reportError } from "./run.ts";

const VALUE = "Zq-81!secret-value";

function withHome(fn: (machine: Partial<MachineEnv>, root: string) => Promise<void>) {
  return async () => {
    const home = mkdtempSync(join(tmpdir(), "ac-"));
    const root = join(home, ".agent-connector");
    try {
      await fn(
        { home, cwd: home, os: "linux", env: { AGENT_CONNECTOR_SECRETS_BACKEND: "file" } },
        root,
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
}

function register(root: string, id: string, secretNames?: string[]) {
  mkdirSync(join(root, "connectors", id), { recursive: true });
  writeFileSync(
    join(root, "connectors", id, "connector.json"),
    JSON.stringify({ id, displayName: id, version: "1.0.0", modulePath: "/m.mjs", secretNames }),
  );
}

function fileStore(root: string) {
  return JSON.parse(readFileSync(join(root, "secrets", "file-store.json"), "utf8"));
}

test(
  "secrets set reads a piped value, strips one trailing newline and never prints it",
  withHome(async (machine, root) => {
    const set = await runCliCaptured(
      ["secrets", "set", "db-pass", "--connector-id", "acme-db"],
      machine,
      `${VALUE}\n`,
    );
    assert.equal(set.code, 0, set.stderr);
    assert.equal(set.stdout, 'secret "db-pass" stored in file for connector acme-db\n');
    assert.match(
      set.stderr,
      /^note: the file backend keeps values in plaintext \(NOT encrypted\) in .*file-store\.json\n$/,
    );
    assert.equal(fileStore(root).connectors["acme-db"]["db-pass"], VALUE);
    const kept = await runCliCaptured(
      ["secrets", "set", "two", "--connector-id", "acme-db", "--stdin"],
      machine,
      "a\n\n",
    );
    assert.equal(kept.code, 0);
    assert.equal(fileStore(root).connectors["acme-db"].two, "a\n");
    for (const out of [set.stdout, set.stderr, kept.stdout, kept.stderr]) {
      assert.equal(out.includes(VALUE), false);
    }
  }),
);

test(
  "secrets list prints name, backend, presence and date, or JSON entries",
  withHome(async (machine) => {
    await runCliCaptured(
      ["secrets", "set", "db-pass", "--connector-id", "acme-db"],
      machine,
      VALUE,
    );
    const list = await runCliCaptured(["secrets", "list", "--connector-id", "acme-db"], machine);
    assert.equal(list.code, 0);
    assert.match(
      list.stdout,
      /^name {5}backend {2}present {2}updated\ndb-pass {2}file {5}yes {6}\d{4}-\d\d-\d\dT[\d:.]+Z\n$/,
    );
    const json = await runCliCaptured(
      ["secrets", "list", "--connector-id", "acme-db", "--json"],
      machine,
    );
    const entries = JSON.parse(json.stdout);
    assert.deepEqual(
      entries.map((
        e: { name: string; backend: string; present: boolean },
      ) => [e.name, e.backend, e.present]),
      [
        ["db-pass", "file", true],
      ],
    );
    assert.equal(json.stdout.includes(VALUE), false);
    const empty = await runCliCaptured(["secrets", "list", "--connector-id", "other"], machine);
    assert.equal(empty.stdout, "no secrets recorded for connector other\n");
  }),
);

test(
  "secrets list adds the names a registered connector references but nobody set",
  withHome(async (machine, root) => {
    register(root, "acme-db", ["db-pass", "api-token"]);
    await runCliCaptured(["secrets", "set", "db-pass"], machine, VALUE);
    const list = await runCliCaptured(["secrets", "list", "--json"], machine);
    assert.deepEqual(
      JSON.parse(list.stdout).map((
        e: { name: string; present: boolean; updatedAt: string | null },
      ) => [e.name, e.present, e.updatedAt === null]),
      [["db-pass", true, false], ["api-token", false, true]],
    );
  }),
);

test(
  "secrets delete removes a secret and says so when there was none",
  withHome(async (machine, root) => {
    await runCliCaptured(
      ["secrets", "set", "db-pass", "--connector-id", "acme-db"],
      machine,
      VALUE,
    );
    const del = await runCliCaptured(
      ["secrets", "delete", "db-pass", "--connector-id", "acme-db"],
      machine,
    );
    assert.deepEqual([del.code, del.stdout], [
      0,
      'secret "db-pass" deleted from file for connector acme-db\n',
    ]);
    assert.equal(JSON.stringify(fileStore(root)).includes(VALUE), false);
    const again = await runCliCaptured([
      "secrets",
      "delete",
      "db-pass",
      "--connector-id",
      "acme-db",
    ], machine);
    assert.deepEqual([again.code, again.stdout], [
      0,
      'secret "db-pass" was not set for connector acme-db\n',
    ]);
  }),
);

test(
  "usage errors exit 2: unknown verb, missing or extra argument, a flag the verb does not take",
  withHome(async (machine) => {
    const cases: Array<[string[], RegExp]> = [
      [["secrets"], /secrets: missing verb/],
      [["secrets", "show", "x"], /secrets: unknown verb "show"/],
      [["secrets", "set", "--connector-id", "a"], /secrets set: missing argument <name>/],
      [["secrets", "set", "a", "b", "--connector-id", "a"], /secrets set: unexpected argument "b"/],
      [["secrets", "set", "a", "--value", "x"], /secrets set: unknown flag "--value"/],
      [["secrets", "delete", "a", "--backend", "file"], /secrets delete: unknown flag "--backend"/],
      [["secrets", "list", "--stdin"], /secrets list: unknown flag "--stdin"/],
      [["secrets", "list", "extra"], /secrets list: unexpected argument "extra"/],
      [
        ["secrets", "check", "--backend", "vault"],
        /--backend must be keychain, secret-service, credential-manager or file, got "vault"/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await runCliCaptured(argv, machine, VALUE);
      assert.equal(r.code, 2, argv.join(" "));
      assert.match(r.stderr, message);
      assert.equal(r.stdout, "");
    }
  }),
);

test(
  "bad input exits 1 with one clear message and writes nothing",
  withHome(async (machine, root) => {
    const badName = await runCliCaptured(
      ["secrets", "set", "bad name", "--connector-id", "acme-db"],
      machine,
      VALUE,
    );
    assert.equal(badName.code, 1);
    assert.equal(badName.stderr.trim().split("\n").length, 1);
    assert.match(badName.stderr, /^agent-connector: "bad name" is not a valid secret name/);
    const empty = await runCliCaptured(
      ["secrets", "set", "db-pass", "--connector-id", "acme-db"],
      machine,
      "\n",
    );
    assert.equal(empty.code, 1);
    assert.match(
      empty.stderr,
      /the value of secret "db-pass" is empty\n {2}hint: a secret needs a non-empty value/,
    );
    const badEnv = await runCliCaptured(["secrets", "list", "--connector-id", "acme-db"], {
      ...machine,
      env: { AGENT_CONNECTOR_SECRETS_BACKEND: "vault" },
    });
    assert.equal(badEnv.code, 1);
    assert.match(badEnv.stderr, /AGENT_CONNECTOR_SECRETS_BACKEND "vault" is not a secrets backend/);
    assert.equal(existsSync(join(root, "secrets")), false);
  }),
);

test(
  "an unavailable backend fails before any value is read, with a --backend file hint",
  withHome(async (machine, root) => {
    const r = await runCliCaptured(
      ["secrets", "set", "db-pass", "--connector-id", "acme-db", "--backend", "keychain"],
      machine,
      VALUE,
    );
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /secrets backend keychain is unavailable: the keychain backend needs macOS \(this is linux\)\n {2}hint: use --backend file/,
    );
    assert.equal(existsSync(join(root, "secrets")), false);
  }),
);

test(
  "without any way to find a connector, set fails and names what to pass",
  withHome(async (machine, root) => {
    const none = await runCliCaptured(["secrets", "set", "db-pass"], machine, VALUE);
    assert.equal(none.code, 1);
    assert.match(
      none.stderr,
      /secrets set: no connector resolved — pass --connector-id <id> or --connector <path>/,
    );
    register(root, "a");
    register(root, "b");
    const several = await runCliCaptured(["secrets", "list"], machine);
    assert.equal(several.code, 1);
    assert.match(several.stderr, /no connector resolved \(registered: a, b\)/);
  }),
);

test(
  "the single registered connector is used when nothing else names one",
  withHome(async (machine, root) => {
    register(root, "only-one");
    const r = await runCliCaptured(["secrets", "set", "db-pass"], machine, VALUE);
    assert.equal(r.stdout, 'secret "db-pass" stored in file for connector only-one\n');
  }),
);

/** Runs the command with an injected config loader and captured streams. */
async function runWith(
  argv: string[],
  machine: Partial<MachineEnv>,
  load: ConnectorLoader,
  stdin: Readable = Readable.from([""]),
) {
  let stdout = "";
  let stderr = "";
  const ctx: CliContext = {
    stdout: { write: (t) => void (stdout += t) },
    stderr: { write: (t) => void (stderr += t) },
    stdin,
    machine: { home: "/nonexistent", env: {}, os: "linux", cwd: "/", ...machine },
    brand: { name: CLI_NAME, version: VERSION },
  };
  let code: number;
  try {
    code = await run(argv, ctx, { load });
  } catch (error) {
    code = reportError(error, ctx);
  }
  return { code, stdout, stderr };
}

/** A config module as a connector author writes it (a plain config object). */
function writeConfig(dir: string, id: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "agent-connector.config.mjs"),
    `export default { id: "${id}", server: { transport: "stdio", command: "node",\n` +
      `  env: { DB_URL: "pg://\${env:DB_USER}:\${secret:db-pass}@h/db", LOG: "1" } } };\n`,
  );
}

test(
  "--connector-id wins, then --connector, then agent-connector.config.* found from --project",
  withHome(async (machine) => {
    const project = join(machine.home!, "proj");
    writeConfig(project, "from-project");
    writeConfig(join(machine.home!, "other"), "from-path");
    const args = ["--project", project];
    const byId = await runCliCaptured(
      [
        "secrets",
        "list",
        "--connector-id",
        "x",
        "--connector",
        "other/agent-connector.config.mjs",
        ...args,
      ],
      machine,
    );
    assert.equal(byId.stdout, "no secrets recorded for connector x\n");
    const byPath = await runCliCaptured(
      ["secrets", "list", "--connector", "other/agent-connector.config.mjs", ...args],
      machine,
    );
    // A connector loaded from a config lists the names it references, set or not.
    assert.equal(
      byPath.stdout,
      "name     backend  present  updated\ndb-pass  file     no       -\n",
    );
    const set = await runCliCaptured(["secrets", "set", "db-pass", ...args], machine, VALUE);
    assert.equal(set.stdout, 'secret "db-pass" stored in file for connector from-project\n');
    const fromCwd = await runCliCaptured(["secrets", "list"], { ...machine, cwd: join(project) });
    assert.match(fromCwd.stdout, /\ndb-pass {2}file {5}yes {6}\d{4}-/);
  }),
);

test(
  "a config that cannot be loaded fails with the loader's message naming the file",
  withHome(async (machine) => {
    const missing = await runCliCaptured(["secrets", "list", "--connector", "nope.mjs"], machine);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /nope\.mjs/);
    const failing = await runWith(
      ["list", "--connector", "broken.mjs"],
      machine,
      () => Promise.reject(new Error('cannot import "broken.mjs": boom')),
    );
    assert.equal(failing.code, 1);
    assert.equal(failing.stderr, 'agent-connector: cannot import "broken.mjs": boom\n');
  }),
);

test(
  "secrets check with no connector runs the keystore self-test under agent-connector",
  withHome(async (machine, root) => {
    const r = await runCliCaptured(["secrets", "check"], machine);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(
      r.stdout.replace(join(root, "secrets", "file-store.json"), "<path>"),
      "(no connector resolved — keystore check only)\nconnector: agent-connector\n" +
        "backend: file — available: <path> (plaintext, NOT encrypted)\n" +
        "self-test: write ok, read ok, delete ok\nok\n",
    );
    assert.deepEqual(fileStore(root).connectors, {});
    const json = await runCliCaptured(
      ["secrets", "check", "--json", "--connector-id", "acme-db"],
      machine,
    );
    const result = JSON.parse(json.stdout);
    assert.deepEqual([result.connectorId, result.connectorResolved, result.backend, result.ok], [
      "acme-db",
      true,
      "file",
      true,
    ]);
  }),
);

test(
  "secrets check fails with exit 1 when the backend is unavailable",
  withHome(async (machine) => {
    const r = await runCliCaptured(
      ["secrets", "check", "--backend", "credential-manager"],
      machine,
    );
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /backend: credential-manager — unavailable: the credential-manager backend needs Windows \(this is linux\)\n {2}hint: use --backend file.*\nself-test: skipped\nFAILED\n$/,
    );
  }),
);

/** A fake terminal: raw-mode aware, fed keystroke by keystroke. */
function fakeTty(keys: string[]) {
  const stream = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode: (m: boolean) => void;
    modes: boolean[];
  };
  stream.isTTY = true;
  stream.modes = [];
  stream.setRawMode = (m: boolean) => void stream.modes.push(m);
  setTimeout(() => {
    for (const k of keys) stream.write(k);
  }, 5);
  return stream;
}

test(
  "on a terminal, set prompts with hidden input and honours backspace",
  withHome(async (machine, root) => {
    const tty = fakeTty(["s3", "x\u007f", "cret", "\r"]);
    const r = await runWith(
      ["set", "db-pass", "--connector-id", "acme-db"],
      machine,
      () => Promise.reject(new Error("unused")),
      tty,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr.split("\n")[0], "Enter value for db-pass (input hidden): ");
    assert.equal(r.stderr.includes("s3cret"), false);
    assert.deepEqual(tty.modes, [true, false]);
    assert.equal(fileStore(root).connectors["acme-db"]["db-pass"], "s3cret");
  }),
);

test(
  "an aborted prompt exits 1 and changes nothing",
  withHome(async (machine, root) => {
    const r = await runWith(
      ["set", "db-pass", "--connector-id", "acme-db"],
      machine,
      () => Promise.reject(new Error("unused")),
      fakeTty(["abc", "\u0003"]),
    );
    assert.equal(r.code, 1);
    assert.match(r.stderr, /aborted — secret "db-pass" was not changed/);
    assert.equal(existsSync(join(root, "secrets")), false);
  }),
);

test(
  "a branded CLI keeps secrets under its own connector, whatever else is registered",
  withHome(async (machine, root) => {
    // Only another connector is registered: the branded `weather` CLI stored the value
    // under "notes" (the single registered one), so weather's server never got it.
    register(root, "notes");
    const pkg = join(machine.home!, "pkg");
    mkdirSync(pkg);
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "weather", version: "1.0.0" }));
    const config = join(pkg, "agent-connector.config.mjs");
    writeFileSync(config, "export default { server: { transport: 'stdio', command: 'wx' } };\n");
    const brand = { name: "weather", connectorPath: config };
    const set = await runCliCaptured(["secrets", "set", "wx-key"], machine, `${VALUE}\n`, brand);
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, /for connector weather/);
    assert.deepEqual(Object.keys(fileStore(root).connectors), ["weather"]);
  }),
);
