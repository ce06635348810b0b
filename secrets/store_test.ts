import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { SecretError } from "./errors.ts";
import { fileStorePath } from "./file_backend.ts";
import { secretIndexPath } from "./index_file.ts";
import { openSecretStore, type OpenSecretStoreOptions } from "./store.ts";
import type { SpawnSyncFn } from "./spawn.ts";

const VALUE = "pg-pass-Zq81!x";

/** A spawn that fails the test when any keystore program is run. */
const noSpawn: SpawnSyncFn = (file) => {
  throw new Error(`unexpected spawn of ${file}`);
};

/** A store on a Linux machine where no keystore program may run. */
function linuxStore(root: string, extra: Partial<OpenSecretStoreOptions> = {}) {
  return openSecretStore({
    connectorId: "acme-db",
    dataRoot: root,
    // A session bus to reach: the fake secret-tools below stand in for one talking to it
    // (without one, secret-service does not start secret-tool at all).
    env: { DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus" },
    platform: "linux",
    spawn: noSpawn,
    ...extra,
  });
}

function fileStore(root: string, connectorId = "acme-db") {
  return linuxStore(root, { connectorId, backend: "file" });
}

test("the file backend keeps values in a 0600 file inside a 0700 folder", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    const entry = store.set("db-pass", VALUE);
    assert.equal(entry.backend, "file");
    assert.equal(store.get("db-pass"), VALUE);
    assert.equal(statSync(join(root, "secrets")).mode & 0o777, 0o700);
    assert.equal(statSync(fileStorePath(root)).mode & 0o777, 0o600);
    assert.equal(statSync(secretIndexPath(root, "acme-db")).mode & 0o777, 0o600);
    const text = readFileSync(fileStorePath(root), "utf8");
    assert.match(text, /plaintext, NOT encrypted/);
    assert.deepEqual(readdirSync(join(root, "secrets")).sort(), [
      "acme-db.index.json",
      "file-store.json",
    ]);
  });
});

test("loosened permissions are tightened again on the next write", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("db-pass", VALUE);
    chmodSync(join(root, "secrets"), 0o755);
    chmodSync(fileStorePath(root), 0o644);
    store.set("other", "v");
    assert.equal(statSync(join(root, "secrets")).mode & 0o777, 0o700);
    assert.equal(statSync(fileStorePath(root)).mode & 0o777, 0o600);
  });
});

test("the index records names and backends, never values", () => {
  withTempDir((root) => {
    fileStore(root).set("db-pass", VALUE);
    const text = readFileSync(secretIndexPath(root, "acme-db"), "utf8");
    assert.equal(text.includes(VALUE), false);
    const index = JSON.parse(text);
    assert.equal(index.connectorId, "acme-db");
    assert.equal(index.secrets["db-pass"].backend, "file");
    assert.match(index.secrets["db-pass"].updatedAt, /^\d{4}-\d\d-\d\dT/);
  });
});

test("reads follow the index, not the store's default backend", () => {
  withTempDir((root) => {
    fileStore(root).set("db-pass", VALUE);
    // Default backend would be secret-service; the index says file, so no program runs.
    const store = linuxStore(root);
    assert.equal(store.backend, "secret-service");
    assert.equal(store.get("db-pass"), VALUE);
    assert.equal(store.has("db-pass"), true);
    assert.deepEqual(store.list().map((e) => [e.name, e.backend, e.present]), [[
      "db-pass",
      "file",
      true,
    ]]);
  });
});

test("connectors are separate namespaces", () => {
  withTempDir((root) => {
    fileStore(root, "a").set("token", "one");
    fileStore(root, "b").set("token", "two");
    assert.equal(fileStore(root, "a").get("token"), "one");
    assert.equal(fileStore(root, "b").get("token"), "two");
    assert.equal(fileStore(root, "c").get("token"), null);
  });
});

test("delete removes the value and the index entry, and reports whether anything was there", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("db-pass", VALUE);
    store.set("api-key", "k-1");
    assert.equal(store.delete("db-pass"), true);
    assert.equal(store.get("db-pass"), null);
    assert.equal(store.delete("db-pass"), false);
    assert.deepEqual(store.list().map((e) => e.name), ["api-key"]);
    store.delete("api-key");
    assert.equal(existsSync(secretIndexPath(root, "acme-db")), false);
    assert.equal(readFileSync(fileStorePath(root), "utf8").includes("k-1"), false);
  });
});

test("deleting a name the index does not know, where the OS keystore is unavailable, is 'not set', not a keystore error", () => {
  withTempDir((root) => {
    // Stored with --backend file, then deleted: the index no longer names it.
    const file = fileStore(root);
    file.set("db-pass", VALUE);
    assert.equal(file.delete("db-pass"), true);
    // A default (secret-service) store on a machine without secret-tool, and
    // on one with secret-tool but no session bus (CI, SSH).
    const store = linuxStore(root, { exists: () => false });
    assert.equal(store.delete("db-pass"), false);
    const noBus: SpawnSyncFn = () => ({
      status: 1,
      stdout: "",
      stderr: "secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY\n",
    });
    assert.equal(linuxStore(root, { exists: () => true, spawn: noBus }).delete("db-pass"), false);
    // A name the index does name still reports its backend's failure.
    file.set("api-key", "k-1");
    const path = secretIndexPath(root, "acme-db");
    writeFileSync(path, readFileSync(path, "utf8").replace('"file"', '"secret-service"'));
    assert.throws(
      () => store.delete("api-key"),
      (e: unknown) => e instanceof SecretError && e.code === "backend-unavailable",
    );
  });
});

test("set overwrites, keeps values byte for byte, and refreshes the date", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("multi", "line one\nline two\n  ");
    store.set("multi", 'é ✓ "quoted" \\ back\r\n');
    assert.equal(store.get("multi"), 'é ✓ "quoted" \\ back\r\n');
  });
});

test("an invalid name or value is refused and nothing is written", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    for (const name of ["", "a b", "-lead", "x".repeat(65), "../up", "a/b"]) {
      assert.throws(
        () => store.set(name, VALUE),
        (e: unknown) => e instanceof SecretError && e.code === "invalid-name",
      );
    }
    assert.throws(
      () => store.set("ok", ""),
      (e: unknown) =>
        e instanceof SecretError && e.code === "invalid-value" && /is empty/.test(e.message),
    );
    assert.throws(
      () => store.set("ok", "x".repeat(8193)),
      (e: unknown) =>
        e instanceof SecretError && e.code === "invalid-value" &&
        /8193 characters; the limit is 8192/.test(e.message),
    );
    assert.throws(() => store.set("ok", "a\0b"), /NUL/);
    assert.equal(existsSync(join(root, "secrets")), false);
    store.set("ok", "x".repeat(8192));
    assert.equal(store.get("ok")!.length, 8192);
  });
});

test("an empty value stored by someone else counts as not set", () => {
  withTempDir((root) => {
    fileStore(root).set("db-pass", VALUE);
    const path = fileStorePath(root);
    writeFileSync(path, readFileSync(path, "utf8").replace(VALUE, ""));
    assert.equal(fileStore(root).get("db-pass"), null);
    assert.equal(fileStore(root).list()[0].present, false);
  });
});

test("a corrupt file store or index gives one clear error naming the file", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("db-pass", VALUE);
    writeFileSync(fileStorePath(root), "{ not json");
    assert.throws(
      () => store.get("db-pass"),
      (e: unknown) =>
        e instanceof SecretError && e.code === "backend-failed" &&
        e.message.includes(fileStorePath(root)),
    );
    writeFileSync(secretIndexPath(root, "acme-db"), "[]");
    assert.throws(
      () => store.list(),
      new RegExp(`${secretIndexPath(root, "acme-db").replaceAll("/", "\\/")}.*not a secrets index`),
    );
  });
});

test("a file store or index that is not valid JSON is reported with its line", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("db-pass", VALUE);
    writeFileSync(fileStorePath(root), '{\n  "version": 1,\n  oops\n}\n');
    assert.throws(
      () => store.get("db-pass"),
      (e: unknown) =>
        e instanceof SecretError &&
        e.message.includes(`${fileStorePath(root)}": line 3, column 3`) &&
        !e.message.includes(VALUE),
    );
    writeFileSync(secretIndexPath(root, "acme-db"), '{\n  "secrets": {,\n}\n');
    assert.throws(
      () => store.list(),
      (e: unknown) =>
        e instanceof SecretError &&
        e.message.includes(`${secretIndexPath(root, "acme-db")}": line 2, column 15`),
    );
  });
});

test("set with another backend moves the secret and the index follows", () => {
  withTempDir((root) => {
    const items = new Map<string, string>();
    const spawn: SpawnSyncFn = (file, args, options) => {
      assert.equal(file, "/usr/bin/secret-tool");
      const key = args.slice(-4).join(" ");
      if (args[0] === "store") items.set(key, options.input!);
      if (args[0] === "lookup") {
        const v = items.get(key);
        return { status: v === undefined ? 1 : 0, stdout: v ?? "", stderr: "" };
      }
      if (args[0] === "clear") return { status: items.delete(key) ? 0 : 1, stdout: "", stderr: "" };
      return { status: 0, stdout: "", stderr: "" };
    };
    const store = linuxStore(root, { spawn, exists: (p) => p === "/usr/bin/secret-tool" });
    store.set("db-pass", VALUE, { backend: "file" });
    assert.equal(store.list()[0].backend, "file");
    store.set("db-pass", VALUE);
    assert.deepEqual(store.list().map((e) => [e.backend, e.present]), [["secret-service", true]]);
    assert.equal(readFileSync(fileStorePath(root), "utf8").includes(VALUE), false);
    assert.equal(items.get("service agent-connector/acme-db account db-pass"), VALUE);
  });
});

test("an unavailable backend fails with its reason and a --backend file hint, writing nothing", () => {
  withTempDir((root) => {
    const store = linuxStore(root, { exists: () => false });
    assert.throws(
      () => store.set("db-pass", VALUE),
      (e: unknown) =>
        e instanceof SecretError && e.code === "backend-unavailable" &&
        /secret-service is unavailable: \/usr\/bin\/secret-tool was not found/.test(e.message) &&
        /--backend file/.test(e.hint!),
    );
    assert.equal(existsSync(join(root, "secrets")), false);
    assert.deepEqual(store.list(), []);
  });
});

test("list reports present: null when the holding backend cannot be read", () => {
  withTempDir((root) => {
    fileStore(root).set("db-pass", VALUE);
    const path = secretIndexPath(root, "acme-db");
    writeFileSync(path, readFileSync(path, "utf8").replace('"file"', '"keychain"'));
    const store = linuxStore(root);
    assert.deepEqual(store.list().map((e) => [e.name, e.backend, e.present]), [[
      "db-pass",
      "keychain",
      null,
    ]]);
  });
});

test("the self-test writes, reads back and deletes a throwaway value without touching the index", () => {
  withTempDir((root) => {
    const store = fileStore(root);
    store.set("kept", VALUE);
    const result = store.selfTest();
    assert.deepEqual(
      [result.backend, result.write, result.read, result.delete, result.ok],
      ["file", "ok", "ok", "ok", true],
    );
    assert.deepEqual(store.list().map((e) => e.name), ["kept"]);
    const data = JSON.parse(readFileSync(fileStorePath(root), "utf8"));
    assert.deepEqual(Object.keys(data.connectors["acme-db"]), ["kept"]);
  });
});

test("the self-test of an unavailable backend skips every step and says why", () => {
  withTempDir((root) => {
    const store = linuxStore(root);
    const result = store.selfTest("keychain");
    assert.equal(result.ok, false);
    assert.deepEqual([result.write, result.read, result.delete], ["skipped", "skipped", "skipped"]);
    assert.match(result.error!, /needs macOS \(this is linux\)/);
  });
});

test("a connector id that is not a safe file name is refused", () => {
  assert.throws(
    () => openSecretStore({ connectorId: "../x", dataRoot: "/tmp", env: {} }),
    /not a valid connector id/,
  );
});
