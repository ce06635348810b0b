// A JSR install's hooks run a verified local copy of the version's
// pre-linked entry (install/local_entry.ts), end to end and offline: the
// registry stand-in serves this checkout, `deno run -A jsr:…/main install`
// writes the copy and the launcher; then, with the registry stopped, a hook
// still replies when Deno's cached registry entry is corrupt (so the copy
// ran), a non-hook command through the copy loads the rest of the CLI from
// the registry version, a tampered copy is never run (the launcher falls
// back to the registry URL) and doctor reports it, `doctor --heal` rewrites
// it, `upgrade` from an older version's launcher replaces the copy and
// removes the old one, and `uninstall --purge` removes the copies and
// lib/ — and nothing else of the data root.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { assertDenied, box, CONNECTOR, hookCommand, runAsync } from "./_helpers/jsr_box.ts";
import { startJsrStandIn } from "./_helpers/jsr_registry.ts";
import { payloadFor } from "./_helpers/payloads.ts";
import { withTempDir } from "./_helpers/temp.ts";
import { PACKAGE_NAME } from "../core/version.ts";
import { launcherText, parseLauncher } from "../install/home_bin.ts";
import { localEntryPath } from "../install/local_entry.ts";

const root = new URL("../", import.meta.url).pathname;
const deno = process.execPath;

/** The file in Deno's cache whose body starts with `bytes` (a cached registry module). */
function cachedFile(denoDir: string, bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 200));
  for (const e of readdirSync(join(denoDir, "remote"), { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    if (readFileSync(path).subarray(0, 200).equals(head)) return path;
  }
  throw new Error("the registry entry is not in the Deno cache");
}

/** Every path under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

test("a JSR install's hooks run the verified local copy; a tampered copy falls back and doctor --heal, upgrade and uninstall keep it right", async () => {
  await withTempDir(async (dir) => {
    const b = box(dir);
    try {
      const registry = await startJsrStandIn(deno, root);
      const project = join(dir, "project");
      mkdirSync(project);
      writeFileSync(
        join(project, "agent-connector.config.mjs"),
        CONNECTOR(`jsr:${PACKAGE_NAME}@${registry.version}/sdk`),
      );
      const main = `jsr:${PACKAGE_NAME}@${registry.version}/main`;
      const dataRoot = join(b.home, ".agent-connector");
      let install;
      try {
        install = await runAsync(deno, ["run", "-A", main, "install", "--targets", "claude-code"], {
          cwd: project,
          env: b.env({ JSR_URL: registry.url }),
        });
      } finally {
        await registry.close();
      }
      assert.equal(install.status, 0, install.stdout + install.stderr);
      const seen = registry.requests.length;
      const published = registry.served("cli/main_linked.js")!;
      const copy = localEntryPath(dataRoot, registry.version);
      assert.match(install.stdout, /hooks run its verified copy .*main_linked-[\d.]+\.js\)/);
      assert.deepEqual(new Uint8Array(readFileSync(copy)), published, "the registry's bytes");
      assert.equal(statSync(copy).mode & 0o777, 0o644);
      const binPath = join(dataRoot, "bin", "agent-connector");
      const launcher = readFileSync(binPath, "utf8");
      const command = hookCommand(b.settings());
      const payload = payloadFor("claude-code", "PreToolUse");

      // Deno's cached registry entry made unusable: only the copy can still reply.
      const cached = cachedFile(b.denoDir, published);
      const cachedBytes = readFileSync(cached);
      const broken = Buffer.from(cachedBytes);
      broken[broken.indexOf("Generated")] = "g".charCodeAt(0);
      writeFileSync(cached, broken);
      assertDenied(b.hook(command, payload), "the copy ran");
      // A non-hook command through the copy loads the CLI from the registry version.
      const version = spawnSync(binPath, ["--version"], { encoding: "utf8", env: b.hostEnv });
      assert.equal(version.status, 0, version.stderr);
      assert.match(version.stdout, new RegExp(`${registry.version.replaceAll(".", "\\.")}\\s*$`));
      writeFileSync(cached, cachedBytes);

      // A tampered copy never runs: the launcher runs the registry URL; doctor says so.
      writeFileSync(copy, 'console.log("tampered");\n');
      const fallback = b.hook(command, payload);
      assertDenied(fallback, "the registry URL ran");
      const doctor = spawnSync(binPath, ["doctor"], { encoding: "utf8", env: b.hostEnv });
      assert.notEqual(doctor.status, 0);
      assert.match(
        doctor.stdout,
        /\[FAIL\] home binary hook entry: .*main_linked-[\d.]+\.js is not the file the launcher recorded/,
      );
      assert.match(doctor.stdout, /doctor --heal/);
      const heal = spawnSync(binPath, ["doctor", "--heal"], { encoding: "utf8", env: b.hostEnv });
      assert.deepEqual(new Uint8Array(readFileSync(copy)), published, heal.stdout + heal.stderr);
      assert.equal(readFileSync(binPath, "utf8"), launcher);
      const healthy = spawnSync(binPath, ["doctor"], { encoding: "utf8", env: b.hostEnv });
      assert.match(
        healthy.stdout,
        /\[pass\] home binary hook entry: .*main_linked-[\d.]+\.js \([\d.]+, matches the registry's sha256-[0-9a-f]{64}\)/,
      );

      const dry = spawnSync(binPath, ["upgrade", "--dry-run"], {
        encoding: "utf8",
        env: b.hostEnv,
      });
      assert.match(dry.stdout, /^= agent-connector {2}home binary .*verified copy/m, dry.stderr);

      // From an older version's launcher and copy, upgrade (offline, from the cache) repoints
      // the launcher at this version's copy and removes the old one.
      const target = parseLauncher(launcher)!;
      const old = localEntryPath(dataRoot, "0.0.9");
      writeFileSync(old, published);
      const oldLauncher = launcherText(
        { ...target, version: "0.0.9", local: { ...target.local!, path: old } },
        "linux",
        dataRoot,
      );
      writeFileSync(binPath, oldLauncher);
      const upgrade = await runAsync(deno, ["run", "-A", "--cached-only", main, "upgrade"], {
        cwd: dir,
        env: b.env({ JSR_URL: registry.url }),
      });
      assert.equal(upgrade.status, 0, upgrade.stdout + upgrade.stderr);
      assert.match(upgrade.stdout, /^~ agent-connector {2}home binary/m);
      assert.equal(readFileSync(binPath, "utf8"), launcher);
      assert.equal(existsSync(old), false, "the old copy is gone");
      assert.deepEqual(new Uint8Array(readFileSync(copy)), published);
      assertDenied(b.hook(command, payload), "after the upgrade");
      assert.equal(registry.requests.length, seen, "nothing asked the registry");

      // uninstall --purge: the copy and lib/ go with the home binary and the framework's
      // own state; what else is in the data root (telemetry, backups) stays, plus the
      // backups uninstall takes of the host files it edits.
      const kept = tree(dataRoot).filter((p) => !/^(bin|lib|connectors|state)\b/.test(p));
      const purge = spawnSync(binPath, ["uninstall", "jsr-demo", "--purge"], {
        encoding: "utf8",
        env: b.hostEnv,
      });
      assert.equal(purge.status, 0, purge.stdout + purge.stderr);
      assert.match(purge.stdout, /hook entry copy removed/);
      const after = tree(dataRoot);
      assert.deepEqual(after.filter((p) => !kept.includes(p) && !/^backups\//.test(p)), []);
      assert.deepEqual(kept.filter((p) => !after.includes(p)), []);
    } finally {
      b.release();
    }
  });
});
