/**
 * For every registered host and both scopes: `install --targets <id>` of a
 * connector declaring every surface into an empty HOME and project, then
 * `uninstall --purge`, leaves both folders exactly as empty as they were —
 * no host file, no empty folder we made, no framework state — except the
 * timestamped backups under `~/.agent-connector/backups/`, which purge keeps
 * on purpose (DESIGN §4: a backup before every mutation, for the user to
 * restore from). A host added to the registry is covered here.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { REGISTRY } from "../adapters/registry.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { CONNECTORS } from "./_helpers/golden.ts";

const KEPT = /^\.agent-connector\/(backups\/.*)?$/;

/** Every file and folder below `dir`, relative to it, but the kept backups. */
function tree(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const at = join(dir, e.name);
    return e.isDirectory() ? [relative(root, at) + "/", ...tree(at, root)] : [relative(root, at)];
  }).filter((p) => !KEPT.test(p));
}

for (const { id } of REGISTRY) {
  for (const scope of ["user", "project"] as const) {
    test(`${id} (${scope}): install then uninstall --purge leaves no trace`, async () => {
      const base = mkdtempSync(join(tmpdir(), "ac-trace-"));
      const home = join(base, "home");
      const project = join(base, "project");
      mkdirSync(home);
      mkdirSync(project);
      try {
        const host = { home, env: { HOME: home }, cwd: project };
        const connector = join(CONNECTORS, "acme-hosts-c");
        const install = await runCliCaptured(
          ["install", "--connector", connector, "--targets", id, "--scope", scope],
          host,
        );
        assert.ok(install.code === 0 || install.code === 1, install.stderr);
        assert.ok(tree(home).length + tree(project).length > 0, `${id}: install wrote something`);
        const uninstall = await runCliCaptured(
          ["uninstall", "--connector", connector, "--purge"],
          host,
        );
        assert.equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
        assert.deepEqual(tree(home), [], `${id}: HOME after uninstall --purge`);
        assert.deepEqual(tree(project), [], `${id}: project after uninstall --purge`);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }
}
