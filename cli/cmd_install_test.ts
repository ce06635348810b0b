import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";

function project(pkg: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const root = mkdtempSync(join(tmpdir(), "ac-install-id-"));
  const home = join(root, "home");
  const dir = join(root, "pkg");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg));
  writeFileSync(
    join(dir, "agent-connector.config.json"),
    JSON.stringify({ server: { transport: "stdio", command: "acme-db-mcp" }, ...config }),
  );
  const run = (argv: string[]) => runCliCaptured(argv, { home, cwd: dir });
  return { root, dir, run };
}

test("install says where the id came from when package.json has no bin", async () => {
  const p = project({ name: "@acme/acme-db-mcp" });
  try {
    const run = await p.run(["install", "--dry-run", "--targets", "claude-code"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /note: the install id "acme-db" comes from the package name "@acme\/acme-db-mcp" because ".*package\.json" has no "bin"/,
    );
  } finally {
    rmSync(p.root, { recursive: true, force: true });
  }
});

test("install says nothing about the id when bin or the config names it", async () => {
  for (
    const [pkg, config] of [[{ name: "@acme/x", bin: { acme: "b.js" } }, {}], [
      { name: "@acme/x" },
      { id: "acme" },
    ]] as const
  ) {
    const p = project(pkg, config);
    try {
      const run = await p.run(["install", "--dry-run", "--targets", "claude-code"]);
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stderr, /note: the install id/);
    } finally {
      rmSync(p.root, { recursive: true, force: true });
    }
  }
});
