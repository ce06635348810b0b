/**
 * Golden files for every artifact install writes for Cursor, VS Code,
 * JetBrains Copilot and Copilot CLI: both scopes with a stdio server, and a
 * remote server with env-referencing headers in both scopes (written as the
 * host's own reference where it has one, reported where it has none).
 * `deno task golden` rewrites them; review the diff like code.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { compareGolden, CONNECTORS, renderInstall } from "./_helpers/golden.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { snapshotTree } from "./_helpers/tree.ts";

const HOSTS = ["cursor", "vscode-copilot", "jetbrains-copilot", "copilot-cli"];
const VARIANTS = [
  ["user", "acme-hosts", "user"],
  ["project", "acme-hosts", "project"],
  ["remote-user", "acme-hosts-remote", "user"],
  ["remote-project", "acme-hosts-remote", "project"],
] as const;

for (const target of HOSTS) {
  for (const [variant, connector, scope] of VARIANTS) {
    test(`${target}: the ${variant} install matches its golden files and writes only under its scope`, async () => {
      const files = await renderInstall({ connector, scope, target, warnings: true });
      const dir = join(REPO, "tests", "fixtures", "hosts", target, variant);
      // JetBrains has no project MCP file: a remote server there writes nothing.
      if (files.size === 0) assert.equal(existsSync(dir), false, `${dir} should not exist`);
      else compareGolden(dir, files);
    });
  }
}

test("a WebSocket server is a reported skip on each of these hosts, and nothing is written", async () => {
  for (const target of HOSTS) {
    const base = mkdtempSync(join(tmpdir(), "ac-ws-"));
    try {
      const run = await runCliCaptured(
        ["install", "--connector", join(CONNECTORS, "acme-ws"), "--targets", target],
        { home: base, env: { HOME: base }, cwd: base },
      );
      assert.match(run.stdout, new RegExp(`! ${target} .*ws`), run.stdout);
      assert.deepEqual([...snapshotTree(base, [".agent-connector"]).keys()], [], target);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
});
