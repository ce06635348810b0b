import { test } from "node:test";
import assert from "node:assert/strict";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { SecretError } from "./errors.ts";
import { keychainAddLine, parseKeychainPassword } from "./keychain.ts";
import type { SpawnOptions, SpawnSyncFn } from "./spawn.ts";
import { openSecretStore } from "./store.ts";

interface Call {
  file: string;
  args: string[];
  input?: string;
}

/** SecurityTool's `print_buffer`: quoted printable ASCII, else 0x<HEX> plus an escaped rendering. */
function printBuffer(bytes: Uint8Array): string {
  const printable = (b: number) => b >= 0x20 && b <= 0x7e && b !== 0x5c;
  const hex = [...bytes].some((b) => !printable(b));
  const ascii = [...bytes].some(printable);
  let out = "";
  if (hex) {
    out += `0x${[...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join("")}  `;
  }
  if (ascii) {
    out += `"${
      [...bytes].map((b) =>
        printable(b) ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, "0")}`
      ).join("")
    }"`;
  }
  return out;
}

/** An in-memory stand-in for /usr/bin/security that speaks its exit codes and output formats. */
function fakeSecurity() {
  const items = new Map<string, Uint8Array>();
  const calls: Call[] = [];
  const spawn: SpawnSyncFn = (file, args, options: SpawnOptions) => {
    calls.push({ file, args, ...(options.input !== undefined ? { input: options.input } : {}) });
    const key = (a: string[]) => `${a[a.indexOf("-s") + 1]}|${a[a.indexOf("-a") + 1]}`;
    if (args[0] === "default-keychain") {
      return {
        status: 0,
        stdout: '    "/Users/u/Library/Keychains/login.keychain-db"\n',
        stderr: "",
      };
    }
    if (args[0] === "-i") {
      const line = options.input!.replace(/\n$/, "").slice(0, 4095).split(" ");
      const hex = line[line.indexOf("-X") + 1];
      items.set(key(line), Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16)));
      return { status: 0, stdout: "", stderr: "" };
    }
    if (args[0] === "find-generic-password") {
      const bytes = items.get(key(args));
      if (!bytes) {
        return {
          status: 44,
          stdout: "",
          stderr:
            "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n",
        };
      }
      return {
        status: 0,
        stdout: 'keychain: "/Users/u/Library/Keychains/login.keychain-db"\n',
        stderr: `password: ${printBuffer(bytes)}\n`,
      };
    }
    if (args[0] === "delete-generic-password") {
      return items.delete(key(args))
        ? { status: 0, stdout: "", stderr: "" }
        : { status: 44, stdout: "", stderr: "security: The specified item could not be found.\n" };
    }
    return { status: 1, stdout: "", stderr: "unknown" };
  };
  return { items, calls, spawn };
}

function keychainStore(spawn: SpawnSyncFn, root: string) {
  return openSecretStore({
    connectorId: "acme-db",
    backend: "keychain",
    dataRoot: root,
    env: { HOME: "/Users/u" },
    platform: "darwin",
    spawn,
    exists: (p) => p === "/usr/bin/security",
  });
}

test("keychain writes go through security -i on stdin as hex, never in argv", () => {
  withTempDir((root) => {
    const fake = fakeSecurity();
    const value = "s3cret value ✓\nline2";
    keychainStore(fake.spawn, root).set("db-pass", value);
    for (const call of fake.calls) {
      assert.equal(call.file, "/usr/bin/security");
      assert.equal(call.args.join(" ").includes("s3cret"), false);
    }
    const write = fake.calls.find((c) => c.args[0] === "-i")!;
    assert.deepEqual(write.args, ["-i"]);
    assert.equal(write.input, `${keychainAddLine("acme-db", "db-pass", value)}\n`);
    assert.match(
      write.input!,
      /^add-generic-password -U -s agent-connector\/acme-db -a db-pass -X [0-9a-f]+\n$/,
    );
    assert.equal(write.input!.includes("s3cret"), false);
  });
});

test("keychain reads parse both output forms of find-generic-password -g", () => {
  withTempDir((root) => {
    const fake = fakeSecurity();
    const store = keychainStore(fake.spawn, root);
    for (
      const value of [
        'plain "quoted" ascii',
        "é ✓ unicode",
        "back\\slash",
        "trailing newline\n",
        "  spaces  ",
      ]
    ) {
      store.set("v", value);
      assert.equal(store.get("v"), value);
    }
    const read = fake.calls.filter((c) => c.args[0] === "find-generic-password").at(-1)!;
    assert.deepEqual(read.args, [
      "find-generic-password",
      "-s",
      "agent-connector/acme-db",
      "-a",
      "v",
      "-g",
    ]);
  });
});

test("parseKeychainPassword decodes the quoted and the hex forms and rejects anything else", () => {
  assert.equal(parseKeychainPassword('password: "abc"\n'), "abc");
  assert.equal(parseKeychainPassword('password: 0xC3A9  "\\303\\251"\n'), "é");
  assert.equal(parseKeychainPassword("password: 0x0A\n"), "\n");
  assert.equal(parseKeychainPassword("password: \n"), "");
  assert.equal(parseKeychainPassword("nothing here"), null);
});

test("a missing keychain item (exit 44) reads as not set and deletes as false", () => {
  withTempDir((root) => {
    const fake = fakeSecurity();
    const store = keychainStore(fake.spawn, root);
    assert.equal(store.get("nope"), null);
    assert.equal(store.delete("nope"), false);
    store.set("yes", "v-1");
    assert.equal(store.delete("yes"), true);
    assert.deepEqual(fake.calls.at(-1)!.args, [
      "delete-generic-password",
      "-s",
      "agent-connector/acme-db",
      "-a",
      "yes",
    ]);
  });
});

test("a value too long for one security -i line is refused before anything runs", () => {
  withTempDir((root) => {
    const fake = fakeSecurity();
    const store = keychainStore(fake.spawn, root);
    store.set("big", "x".repeat(1900));
    const before = fake.calls.length;
    assert.throws(
      () => store.set("big", "x".repeat(2100)),
      (e: unknown) =>
        e instanceof SecretError && e.code === "invalid-value" &&
        /keychain backend stores at most \d+ bytes/.test(e.message) &&
        /--backend file/.test(e.hint!),
    );
    assert.equal(fake.calls.length, before);
    assert.equal(store.get("big"), "x".repeat(1900));
  });
});

test("a keychain write that does not read back unchanged fails", () => {
  withTempDir((root) => {
    const fake = fakeSecurity();
    const spawn: SpawnSyncFn = (file, args, options) =>
      args[0] === "-i"
        ? fake.spawn(file, args, { ...options, input: options.input!.slice(0, -3) + "\n" })
        : fake.spawn(file, args, options);
    assert.throws(
      () => keychainStore(spawn, root).set("db-pass", "abcdef"),
      /did not read back unchanged/,
    );
  });
});

test("a locked keychain is reported with its reason, never unlocked", () => {
  withTempDir((root) => {
    const spawn: SpawnSyncFn = (_file, args) =>
      args[0] === "default-keychain" ? { status: 0, stdout: "x", stderr: "" } : {
        status: 36,
        stdout: "",
        stderr: "security: SecKeychainItemCopyContent: User interaction is not allowed.\n",
      };
    const store = keychainStore(spawn, root);
    assert.throws(
      () => store.get("db-pass"),
      (e: unknown) =>
        e instanceof SecretError && e.code === "backend-failed" &&
        /User interaction is not allowed/.test(e.message) && /never unlocks/.test(e.hint!),
    );
  });
});

test("the keychain backend is unavailable off macOS", () => {
  withTempDir((root) => {
    const store = openSecretStore({ connectorId: "a", dataRoot: root, env: {}, platform: "linux" });
    const availability = store.availability("keychain");
    assert.equal(availability.available, false);
    assert.match(availability.detail, /needs macOS/);
  });
});
