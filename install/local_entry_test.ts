import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MachineEnv } from "../io/machine_env.ts";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { type LauncherTarget, launcherText } from "./home_bin.ts";
import {
  localEntryPath,
  localEntrySpecifier,
  localEntryState,
  pruneLocalEntries,
  sha256Checksum,
  writeLocalEntry,
} from "./local_entry.ts";
import { checkLocalEntry } from "./doctor_local_entry.ts";

const BASE = "https://jsr.io/@ken-jo/agent-connector/0.4.2/";
const bytesOf = (text: string) => new TextEncoder().encode(text);

test("the copy is written 0644 under lib/ by version, rewritten only when its bytes differ", () => {
  withTempDir((root) => {
    const entry = { bytes: bytesOf("// v1\n"), checksum: sha256Checksum(bytesOf("// v1\n")) };
    const first = writeLocalEntry(root, "0.4.2", BASE, entry);
    assert.equal(first.wrote, true);
    assert.equal(first.local.path, join(root, "lib", "main_linked-0.4.2.js"));
    assert.equal(readFileSync(first.local.path, "utf8"), "// v1\n");
    assert.equal(statSync(first.local.path).mode & 0o777, 0o644);
    assert.equal(localEntryState(first.local), "ok");
    assert.equal(writeLocalEntry(root, "0.4.2", BASE, entry).wrote, false);

    writeFileSync(first.local.path, "// v1 edited\n");
    assert.equal(localEntryState(first.local), "changed");
    assert.equal(writeLocalEntry(root, "0.4.2", BASE, entry, true).wrote, true, "dry run says so");
    assert.equal(
      readFileSync(first.local.path, "utf8"),
      "// v1 edited\n",
      "dry run writes nothing",
    );
    assert.equal(writeLocalEntry(root, "0.4.2", BASE, entry).wrote, true);
    assert.equal(readFileSync(first.local.path, "utf8"), "// v1\n");
    assert.deepEqual(readdirSync(join(root, "lib")), ["main_linked-0.4.2.js"], "no temp file left");
  });
});

test("pruning removes the copies the launcher no longer runs, nothing else, and lib/ once empty", () => {
  withTempDir((root) => {
    mkdirSync(join(root, "lib"));
    for (const v of ["0.4.1", "0.4.2"]) writeFileSync(localEntryPath(root, v), "");
    writeFileSync(join(root, "lib", "notes.txt"), "mine");
    assert.deepEqual(pruneLocalEntries(root, localEntryPath(root, "0.4.2")), [
      localEntryPath(root, "0.4.1"),
    ]);
    assert.deepEqual(readdirSync(join(root, "lib")).sort(), ["main_linked-0.4.2.js", "notes.txt"]);
    pruneLocalEntries(root);
    assert.deepEqual(readdirSync(join(root, "lib")), ["notes.txt"]);
    const emptied = join(root, "again");
    mkdirSync(join(emptied, "lib"), { recursive: true });
    writeFileSync(localEntryPath(emptied, "0.4.3"), "");
    pruneLocalEntries(emptied);
    assert.deepEqual(readdirSync(emptied), []);
  });
});

test("the launcher runs the copy while it is not newer than the launcher, else the registry URL", () => {
  withTempDir((root) => {
    // A runtime that prints the entry it was given.
    const runtime = join(root, "fake-deno");
    writeFileSync(runtime, '#!/bin/sh\nshift 2\nprintf "%s\\n" "$1"\n', { mode: 0o755 });
    const text = bytesOf("// the entry\n");
    const { local } = writeLocalEntry(root, "0.4.2", BASE, {
      bytes: text,
      checksum: sha256Checksum(text),
    });
    const target: LauncherTarget = {
      runtime,
      runtimeArgs: ["run", "-A"],
      entry: `${BASE}cli/main_linked.js`,
      version: "0.4.2",
      local,
    };
    const bin = join(root, "bin", "agent-connector");
    mkdirSync(join(root, "bin"));
    const writeLauncher = () =>
      writeFileSync(bin, launcherText(target, "linux", root), { mode: 0o755 });
    const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
    writeLauncher();
    const ran = () => spawnSync(bin, ["hook"], { encoding: "utf8" }).stdout.trim();
    at(local.path, 1_000_000);
    at(bin, 1_000_000);
    assert.equal(ran(), `file://${local.path}#${BASE}`, "same time: the copy");
    assert.equal(ran(), localEntrySpecifier(local));
    at(local.path, 1_000_001);
    assert.equal(ran(), target.entry, "changed after the launcher: the registry");
    writeLauncher();
    at(bin, 1_000_002);
    assert.equal(ran(), localEntrySpecifier(local), "written again after it");
    pruneLocalEntries(root);
    assert.equal(ran(), target.entry, "missing: the registry");
  });
});

test("doctor finds a missing, changed or other version's copy, and a registry launcher without one, all fixable", () => {
  withTempDir((root) => {
    const machine: MachineEnv = { home: root, env: {}, os: "linux", cwd: root };
    const entry = { bytes: bytesOf("// e\n"), checksum: sha256Checksum(bytesOf("// e\n")) };
    const { local } = writeLocalEntry(root, "0.4.2", BASE, entry);
    const target: LauncherTarget = {
      runtime: "/usr/bin/deno",
      runtimeArgs: ["run", "-A", "--cached-only"],
      entry: `${BASE}cli/main_linked.js`,
      version: "0.4.2",
    };
    const one = (t: LauncherTarget) => {
      const found = checkLocalEntry(t, root, machine);
      assert.equal(found.length, 1);
      return found[0];
    };
    const none = one(target);
    assert.deepEqual([none.status, none.fixable], ["warn", true]);
    assert.match(none.message, /through Deno's registry checks on every call/);

    mkdirSync(join(root, "bin"));
    const bin = join(root, "bin", "agent-connector");
    writeFileSync(bin, "#!/bin/sh\n");
    utimesSync(bin, 1_000_000, 1_000_000);
    utimesSync(local.path, 1_000_001, 1_000_001);
    const newer = one({ ...target, local });
    assert.deepEqual([newer.status, newer.fixable], ["warn", true]);
    assert.match(newer.message, /is newer than the launcher, which therefore runs https:/);

    writeFileSync(local.path, "// e, edited\n");
    const changed = one({ ...target, local });
    assert.deepEqual([changed.status, changed.fixable], ["fail", true]);
    assert.match(changed.message, /is not the file the launcher recorded/);
    assert.match(changed.fix!, /doctor --heal/);

    pruneLocalEntries(root);
    const missing = one({ ...target, local });
    assert.deepEqual([missing.status, missing.fixable], ["warn", true]);
    assert.match(missing.message, /is missing: hooks run .* instead/);

    const other = one({ ...target, local: { ...local, path: localEntryPath(root, "0.4.1") } });
    assert.deepEqual([other.status, other.fixable], ["fail", true]);
    assert.match(other.message, /not the copy of its version 0\.4\.2/);

    assert.deepEqual(
      checkLocalEntry({ ...target, entry: "/srv/cli/main.ts" }, root, machine),
      [],
    );
    assert.deepEqual(
      checkLocalEntry(target, root, { ...machine, os: "win32" }),
      [],
      "Windows launchers keep the URL",
    );
  });
});
