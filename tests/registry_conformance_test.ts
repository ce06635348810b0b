/**
 * Nothing is silently dropped on any host in the registry: a dry-run install
 * of a connector declaring all 13 events and every surface yields, per host
 * and scope, exactly one record per event and at least one per surface.
 * (Each host's own test runs the full conformance suite on real files.)
 */
import { test } from "node:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAllAdapters } from "../adapters/registry.ts";
import { installConnector } from "../install/pipeline.ts";
import { assertEveryItemReported, universalConnector } from "./conformance/adapter_suite.ts";

for (const adapter of await loadAllAdapters()) {
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
