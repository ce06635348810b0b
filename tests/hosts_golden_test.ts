/**
 * Golden files for every registered host: each host's
 * `tests/fixtures/hosts/<id>/cases.json` names its cases (a connector
 * fixture, a scope, and what else the case needs), and each case's files
 * must match `tests/fixtures/hosts/<id>/<case>/` byte for byte (no folder:
 * the install writes nothing). A host added to the registry without cases
 * fails here. `deno task golden` rewrites the folders; review the diff like
 * code.
 *
 * A case may also set `env` (`<HOME>` in a value names the temp HOME),
 * `homeDirs` (folders made in the empty HOME first), `homeFiles` (files
 * written there first: relative path → text, kept in the golden folder as
 * the install must leave them), `secret` (a value stored before the install, which no file may
 * hold), `warnings` (install may exit 1 for its `!` records), `present`
 * (patterns a file — or `*`, any file — must hold) and `absent` (patterns no
 * file may hold).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compareGolden, CONNECTORS, renderInstall } from "./_helpers/golden.ts";
import { REPO } from "./_helpers/runtime.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { snapshotTree } from "./_helpers/tree.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import { openSecretStore } from "../secrets/store.ts";

/** One golden case of a host (see the module doc). */
interface GoldenCase {
  connector: string;
  scope: "user" | "project";
  warnings?: boolean;
  env?: Record<string, string>;
  homeDirs?: string[];
  homeFiles?: Record<string, string>;
  secret?: { connector: string; name: string; value: string };
  present?: Record<string, string[]>;
  absent?: string[];
  note?: string;
}

const HOSTS = join(REPO, "tests", "fixtures", "hosts");
const adapters = await loadAllAdapters();

for (const adapter of adapters) {
  const file = join(HOSTS, adapter.id, "cases.json");
  test(`${adapter.id}: has golden cases (${file})`, () => {
    assert.ok(existsSync(file), `add ${file}: { "<case>": { "connector", "scope" } }`);
  });
  if (!existsSync(file)) continue;
  const cases = JSON.parse(readFileSync(file, "utf8")) as Record<string, GoldenCase>;
  for (const [name, c] of Object.entries(cases)) {
    test(`${adapter.id}: ${name} (${c.connector}, ${c.scope})${c.note ? `: ${c.note}` : ""}`, async () => {
      const env = c.env ?? {};
      const files = await renderInstall({
        connector: c.connector,
        scope: c.scope,
        target: adapter.id,
        warnings: c.warnings,
        env,
        setup: (home) => {
          for (const dir of c.homeDirs ?? []) mkdirSync(join(home, dir), { recursive: true });
          for (const [rel, text] of Object.entries(c.homeFiles ?? {})) {
            mkdirSync(dirname(join(home, rel)), { recursive: true });
            writeFileSync(join(home, rel), text, { mode: 0o755 });
          }
          if (c.secret) {
            openSecretStore({
              connectorId: c.secret.connector,
              home,
              env: { HOME: home, ...env },
              platform: "linux",
            }).set(c.secret.name, c.secret.value);
          }
        },
      });
      compareGolden(join(HOSTS, adapter.id, name), files);
      const all = [...files.values()].join("\n");
      for (const [at, patterns] of Object.entries(c.present ?? {})) {
        const text = at === "*" ? all : files.get(at) ?? "";
        for (const p of patterns) assert.match(text, new RegExp(p), `${at} holds ${p}`);
      }
      for (const p of [...c.absent ?? [], ...c.secret ? [c.secret.value] : []]) {
        assert.doesNotMatch(all, new RegExp(p));
      }
    });
  }
}

test("a WebSocket server is a reported skip on every host that takes none, and nothing is written", async () => {
  const hosts = adapters.filter((a) => a.server && !a.server.transports.includes("ws"));
  assert.ok(hosts.length > 0);
  for (const { id } of hosts) {
    const base = mkdtempSync(join(tmpdir(), "ac-ws-"));
    try {
      const run = await runCliCaptured(
        ["install", "--connector", join(CONNECTORS, "acme-ws"), "--targets", id],
        { home: base, env: { HOME: base }, cwd: base },
      );
      assert.match(run.stdout, new RegExp(`! ${id} .*ws`), run.stdout);
      assert.deepEqual([...snapshotTree(base, [".agent-connector"]).keys()], [], id);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
});
