import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SecretError } from "./errors.ts";
import { credentialTarget, powershellPath } from "./credential_manager.ts";
import type { SpawnOptions, SpawnSyncFn } from "./spawn.ts";
import { openSecretStore } from "./store.ts";

const PS = "D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe";

function decodeScript(args: string[]): string {
  const b64 = args[args.indexOf("-EncodedCommand") + 1];
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  let text = "";
  for (let i = 0; i < bytes.length; i += 2) {
    text += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
  }
  return text;
}

/** An in-memory Credential Manager behind the PowerShell scripts we send. */
function fakePowershell() {
  const creds = new Map<string, string>(); // target -> base64 blob
  const calls: Array<{ file: string; args: string[]; script: string; input?: string }> = [];
  const spawn: SpawnSyncFn = (file, args, options: SpawnOptions) => {
    const script = decodeScript(args);
    calls.push({
      file,
      args,
      script,
      ...(options.input !== undefined ? { input: options.input } : {}),
    });
    const target = script.match(/\]::(?:Write|Read|Delete)\('([^']+)'/)![1];
    if (script.includes("::Write(")) {
      creds.set(target, options.input!.trim());
      return { status: 0, stdout: "", stderr: "" };
    }
    if (script.includes("::Read(")) {
      const blob = creds.get(target);
      return blob === undefined
        ? { status: 3, stdout: "", stderr: "" }
        : { status: 0, stdout: blob, stderr: "" };
    }
    return { status: creds.delete(target) ? 0 : 3, stdout: "", stderr: "" };
  };
  return { creds, calls, spawn };
}

function withStore(spawn: SpawnSyncFn, fn: (store: ReturnType<typeof openSecretStore>) => void) {
  const root = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    fn(openSecretStore({
      connectorId: "acme-db",
      backend: "credential-manager",
      dataRoot: root,
      env: { SystemRoot: "D:\\Win", PATH: "C:\\evil" },
      platform: "win32",
      spawn,
      exists: (p) => p === PS,
    }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("PowerShell is run from %SystemRoot%, never looked up on PATH", () => {
  assert.equal(powershellPath({ SystemRoot: "D:\\Win" }), PS);
  assert.equal(
    powershellPath({}),
    "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
  );
  const fake = fakePowershell();
  withStore(fake.spawn, (store) => store.set("db-pass", "v"));
  assert.ok(fake.calls.length > 0);
  for (const call of fake.calls) {
    assert.equal(call.file, PS);
    assert.deepEqual(call.args.slice(0, 5), [
      "-NoProfile",
      "-NonInteractive",
      "-ExecutionPolicy",
      "Bypass",
      "-EncodedCommand",
    ]);
  }
});

test("credential-manager writes call CredWriteW on target agent-connector/<id>/<name> with the value on stdin only", () => {
  const fake = fakePowershell();
  const value = "s3cret ✓ value";
  withStore(fake.spawn, (store) => {
    store.set("db-pass", value);
    assert.equal(store.get("db-pass"), value);
  });
  const write = fake.calls[0];
  assert.match(write.script, /CredWriteW/);
  assert.match(write.script, /::Write\('agent-connector\/acme-db\/db-pass', 'db-pass', \$b\)/);
  assert.match(write.script, /\[Console\]::In\.ReadToEnd\(\)/);
  for (const call of fake.calls) {
    assert.equal(call.script.includes("s3cret"), false);
    assert.equal(call.args.join(" ").includes("s3cret"), false);
  }
  const stdinBytes = Uint8Array.from(atob(write.input!.trim()), (c) => c.charCodeAt(0));
  assert.equal(new TextDecoder().decode(stdinBytes), value);
  assert.equal(credentialTarget("acme-db", "db-pass"), "agent-connector/acme-db/db-pass");
});

test("credential-manager maps ERROR_NOT_FOUND to not set and deletes through CredDeleteW", () => {
  const fake = fakePowershell();
  withStore(fake.spawn, (store) => {
    assert.equal(store.get("nope"), null);
    store.set("yes", "v");
    assert.equal(store.delete("yes"), true);
    assert.equal(store.delete("yes"), false);
  });
  assert.match(
    fake.calls.at(-1)!.script,
    /CredDeleteW|::Delete\('agent-connector\/acme-db\/yes'\)/,
  );
  assert.match(fake.calls[0].script, /1168/);
});

test("credential-manager refuses values over 2560 bytes before running anything", () => {
  const fake = fakePowershell();
  withStore(fake.spawn, (store) => {
    store.set("ok", "é".repeat(1280));
    const before = fake.calls.length;
    assert.throws(
      () => store.set("big", "é".repeat(1281)),
      (e: unknown) =>
        e instanceof SecretError && e.code === "invalid-value" &&
        /2562 bytes; .* at most 2560 bytes/.test(e.message),
    );
    assert.equal(fake.calls.length, before);
  });
});

test("PowerShell gets SystemRoot even when the host stripped it from the environment", () => {
  const seen: Record<string, string>[] = [];
  const spawn: SpawnSyncFn = (_file, _args, options) => {
    seen.push(options.env);
    return { status: 3, stdout: "", stderr: "" };
  };
  const root = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    openSecretStore({
      connectorId: "acme-db",
      backend: "credential-manager",
      dataRoot: root,
      env: { PATH: "C:\\x" },
      platform: "win32",
      spawn,
      exists: () => true,
    }).get("db-pass");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  assert.equal(seen[0].SystemRoot, "C:\\Windows");
});

test("a failing CredWriteW surfaces PowerShell's message", () => {
  const spawn: SpawnSyncFn = () => ({
    status: 1,
    stdout: "",
    stderr: "CredWriteW failed: Win32 error 1312\r\n",
  });
  withStore(spawn, (store) => {
    assert.throws(
      () => store.set("db-pass", "v"),
      /credential-manager: could not store secret "db-pass": CredWriteW failed: Win32 error 1312/,
    );
  });
});
