import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  SECRET_SERVICE_SKIP,
  type SecretServiceSession,
  startSecretService,
} from "../tests/_helpers/secret_service.ts";
import { SecretError } from "./errors.ts";
import type { SpawnSyncFn } from "./spawn.ts";
import { openSecretStore, type OpenSecretStoreOptions } from "./store.ts";

const skip = SECRET_SERVICE_SKIP ?? false;
let session: SecretServiceSession;
let root: string;

before(async () => {
  if (skip) return;
  session = (await startSecretService())!;
  root = mkdtempSync(join(tmpdir(), "ac-"));
});

after(async () => {
  if (skip) return;
  await session.stop();
  rmSync(root, { recursive: true, force: true });
});

function store(extra: Partial<OpenSecretStoreOptions> = {}) {
  return openSecretStore({
    connectorId: "acme-db",
    dataRoot: root,
    env: session.env,
    platform: "linux",
    ...extra,
  });
}

/** What secret-tool itself says is stored, bypassing our code. */
function rawLookup(connectorId: string, name: string): { status: number | null; stdout: string } {
  const r = spawnSync(
    "/usr/bin/secret-tool",
    ["lookup", "service", `agent-connector/${connectorId}`, "account", name],
    { env: session.env, encoding: "utf8" },
  );
  return { status: r.status, stdout: r.stdout };
}

test("secret-service is the default on Linux and reports itself available", { skip }, () => {
  const s = store();
  assert.equal(s.backend, "secret-service");
  const availability = s.availability();
  assert.equal(availability.available, true);
  assert.match(availability.detail, /\/usr\/bin\/secret-tool/);
});

test("secret-service round-trips values byte for byte, under service agent-connector/<id>", {
  skip,
}, () => {
  const s = store();
  for (
    const value of [
      "s3cret",
      "line1\nline2\n",
      'é ✓ "q" \\ $HOME `x`',
      " lead and trail ",
      "x".repeat(8191),
    ]
  ) {
    s.set("db-pass", value);
    assert.equal(s.get("db-pass"), value);
    assert.deepEqual(rawLookup("acme-db", "db-pass"), { status: 0, stdout: value });
  }
  assert.deepEqual(s.list().map((e) => [e.name, e.backend, e.present]), [[
    "db-pass",
    "secret-service",
    true,
  ]]);
});

test("secret-service refuses 8,192 bytes and more instead of letting secret-tool cut them", {
  skip,
}, () => {
  const s = store();
  s.set("big", "kept");
  for (const value of ["y".repeat(8192), "é".repeat(4096)]) {
    assert.throws(
      () => s.set("big", value),
      (e: unknown) =>
        e instanceof SecretError && e.code === "invalid-value" &&
        /at most 8191 bytes/.test(e.message) && /--backend file/.test(e.hint!),
    );
  }
  assert.equal(s.get("big"), "kept");
});

test("secret-service delete removes the item and says when there was none", { skip }, () => {
  const s = store();
  s.set("temp", "t-1");
  assert.equal(s.delete("temp"), true);
  assert.equal(rawLookup("acme-db", "temp").status, 1);
  assert.equal(s.get("temp"), null);
  assert.equal(s.delete("temp"), false);
});

test("the secret-service self-test passes against the real daemon and leaves nothing behind", {
  skip,
}, () => {
  const result = store({ connectorId: "agent-connector" }).selfTest();
  assert.deepEqual([result.write, result.read, result.delete, result.ok], ["ok", "ok", "ok", true]);
  const search = spawnSync("/usr/bin/secret-tool", [
    "search",
    "--all",
    "service",
    "agent-connector/agent-connector",
  ], {
    env: session.env,
    encoding: "utf8",
  });
  assert.equal(search.stdout, "");
});

test(
  "a secret-tool that cuts the value but exits 0 is caught (stderr and read-back)",
  { skip },
  () => {
    const real: SpawnSyncFn = (file, args, options) => {
      const r = spawnSync(file, args, { env: options.env, input: options.input, encoding: "utf8" });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    // Simulate secret-tool's silent truncation: store a shorter value and warn on stderr, exit 0.
    const truncating: SpawnSyncFn = (file, args, options) =>
      args[0] === "store"
        ? {
          ...real(file, args, { ...options, input: options.input!.slice(0, 4) }),
          stderr: "secret-tool: password is too long\n",
        }
        : real(file, args, options);
    assert.throws(
      () => store({ spawn: truncating }).set("cut", "abcdefgh"),
      /could not store secret "cut": secret-tool: password is too long/,
    );
    const quiet: SpawnSyncFn = (file, args, options) =>
      args[0] === "store"
        ? real(file, args, { ...options, input: options.input!.slice(0, 4) })
        : real(file, args, options);
    assert.throws(
      () => store({ spawn: quiet }).set("cut", "abcdefgh"),
      /did not read back unchanged/,
    );
  },
);

test(
  "without a D-Bus session the backend is unavailable with a --backend file hint",
  { skip },
  () => {
    const env = { ...session.env, DBUS_SESSION_BUS_ADDRESS: "unix:path=/nonexistent/bus" };
    const s = store({ env });
    const availability = s.availability();
    assert.equal(availability.available, false);
    assert.match(availability.detail, /^no Secret Service on the D-Bus session bus: /);
    assert.match(availability.hint!, /--backend file/);
    assert.throws(
      () => s.set("x", "v"),
      (e: unknown) =>
        e instanceof SecretError && e.code === "backend-unavailable" &&
        /--backend file/.test(e.hint!),
    );
  },
);

test(
  "a stripped environment still finds the user's session bus at <runtime dir>/bus",
  { skip },
  () => {
    // Hosts may spawn the wrapper with only HOME and PATH; systemd desktops keep the bus here.
    const socket = session.env.DBUS_SESSION_BUS_ADDRESS.replace(/^unix:path=/, "").replace(
      /,.*$/,
      "",
    );
    symlinkSync(socket, join(session.env.XDG_RUNTIME_DIR, "bus"));
    try {
      const { DBUS_SESSION_BUS_ADDRESS: _dropped, ...env } = session.env;
      const s = store({ env });
      s.set("stripped", "via-runtime-bus");
      assert.equal(s.get("stripped"), "via-runtime-bus");
      const { XDG_RUNTIME_DIR: _also, ...bare } = env;
      const seen: Record<string, string>[] = [];
      const spy: SpawnSyncFn = (_file, _args, options) => {
        seen.push(options.env);
        return { status: 1, stdout: "", stderr: "" };
      };
      store({
        env: bare,
        uid: 4242,
        spawn: spy,
        exists: (p) => p === "/usr/bin/secret-tool" || p === "/run/user/4242/bus",
      })
        .get("x");
      assert.equal(seen[0].DBUS_SESSION_BUS_ADDRESS, "unix:path=/run/user/4242/bus");
    } finally {
      rmSync(join(session.env.XDG_RUNTIME_DIR, "bus"), { force: true });
    }
  },
);

test("a missing secret-tool makes the backend unavailable", { skip }, () => {
  const availability = store({ exists: () => false }).availability();
  assert.equal(availability.available, false);
  assert.match(
    availability.detail,
    /\/usr\/bin\/secret-tool was not found \(Debian\/Ubuntu: install libsecret-tools\)/,
  );
});

test(
  "a locked keyring is reported as locked for reads, writes, deletes and availability — never as unset",
  { skip },
  async () => {
    const locked = (await startSecretService())!;
    const lockedRoot = mkdtempSync(join(tmpdir(), "ac-"));
    try {
      const open = () =>
        openSecretStore({
          connectorId: "acme-db",
          dataRoot: lockedRoot,
          env: locked.env,
          platform: "linux",
        });
      open().set("db-pass", "before-lock");
      locked.lock();
      const isLocked = (e: unknown) =>
        e instanceof SecretError && e.code === "backend-unavailable" &&
        /keyring is locked/.test(e.message) && /unlock the keyring/.test(e.hint!);
      assert.equal(open().availability().available, false);
      assert.match(open().availability().detail, /keyring is locked/);
      assert.throws(() => open().get("db-pass"), isLocked);
      assert.throws(() => open().set("other", "v"), isLocked);
      assert.throws(() => open().delete("db-pass"), isLocked);
      assert.deepEqual(open().list().map((e) => e.present), [null]);
      // Without dbus-send the availability probe cannot see the lock; lookup and clear
      // then exit 1 silently, exactly as for a missing item — the follow-up search tells them apart.
      const blind = openSecretStore({
        connectorId: "acme-db",
        dataRoot: lockedRoot,
        env: locked.env,
        platform: "linux",
        exists: (p) => p === "/usr/bin/secret-tool",
      });
      assert.equal(blind.availability().available, true);
      assert.throws(() => blind.get("db-pass"), isLocked);
      assert.throws(() => blind.delete("db-pass"), isLocked);
      assert.equal(blind.get("never-set"), null);
      // The index still records the name: nothing was half-removed.
      assert.deepEqual(open().list().map((e) => e.name), ["db-pass"]);
    } finally {
      await locked.stop();
      rmSync(lockedRoot, { recursive: true, force: true });
    }
  },
);
