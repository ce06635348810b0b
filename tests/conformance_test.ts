/**
 * The adapter conformance suite (tests/conformance/adapter_suite.ts) on every
 * registered host, on real files: a temporary HOME and project seeded from
 * `tests/fixtures/hosts/<id>/seed-{home,project}/` when the host has them.
 * Also, per host and scope, a dry-run install of a connector declaring all
 * 13 events and every surface yields exactly one record per event and at
 * least one per surface. A host added to the registry is covered here.
 */
import { test } from "node:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAllAdapters } from "../adapters/registry.ts";
import { installConnector } from "../install/pipeline.ts";
import { REPO } from "./_helpers/runtime.ts";
import {
  assertEveryItemReported,
  testAdapter,
  universalConnector,
} from "./conformance/adapter_suite.ts";

for (const adapter of await loadAllAdapters()) {
  const seed = (side: string) => {
    const dir = join(REPO, "tests", "fixtures", "hosts", adapter.id, `seed-${side}`);
    return existsSync(dir) ? dir : undefined;
  };
  testAdapter(adapter, { seedHome: seed("home"), seedProject: seed("project") });

  for (const scope of ["user", "project"] as const) {
    test(`${adapter.id} (${scope}): every declared event and surface has a record (dry run)`, async () => {
      const base = mkdtempSync(join(tmpdir(), "ac-reg-"));
      const home = join(base, "home");
      const project = join(base, "project");
      mkdirSync(home);
      mkdirSync(project);
      try {
        const result = await installConnector(
          {
            connector: universalConnector(adapter.id),
            modulePath: "/conformance/agent-connector.config.mjs",
          },
          {
            machine: { home, env: { HOME: home }, os: "linux", cwd: project },
            projectDir: project,
            scope,
            targets: [adapter.id],
            dryRun: true,
            force: false,
          },
        );
        assertEveryItemReported(adapter, result.hosts.flatMap((h) => h.records));
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }
}
