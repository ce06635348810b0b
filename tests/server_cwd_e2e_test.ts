/**
 * `server.cwd` reaches every host that can launch a stdio server (spec §2.2):
 * in the host's own field where its entry has one, else as serve's `--cwd`,
 * which starts the server there. Nothing about cwd is reported as dropped.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConnector } from "../mod.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import { installConnector } from "../install/pipeline.ts";

const CWDS = [
  { written: "/srv/acme data", found: ["/srv/acme data"] },
  // A reference: the host's own syntax, or serve's placeholder expanded at launch.
  {
    written: "${env:ACME_HOME}/data",
    found: [
      "{env:ACME_HOME}/data",
      "{ENV:ACME_HOME}/data",
      "${ACME_HOME}/data",
      "$ACME_HOME/data",
      "${env:ACME_HOME}/data",
    ],
  },
];

for (const adapter of await loadAllAdapters()) {
  test(`${adapter.id}: server.cwd is applied, natively or by serve --cwd`, async () => {
    const base = mkdtempSync(join(tmpdir(), "ac-cwd-"));
    const home = join(base, "home");
    const project = join(base, "project");
    mkdirSync(home);
    mkdirSync(project);
    try {
      for (const { written, found } of CWDS) {
        for (const wrap of [true, false]) {
          const connector = defineConnector({
            id: "acme",
            version: "1.0.0",
            server: {
              transport: "stdio",
              command: "acme-mcp",
              cwd: written,
              wrapForTelemetry: wrap,
            },
          });
          const result = await installConnector(
            { connector, modulePath: "/acme/agent-connector.config.mjs" },
            {
              machine: { home, env: { HOME: home }, os: "linux", cwd: project },
              projectDir: project,
              scope: "user",
              targets: [adapter.id],
              dryRun: false,
              force: false,
            },
          );
          const records = result.hosts.flatMap((h) => h.records);
          const label = `${written} wrap=${wrap}: ${JSON.stringify(records)}`;
          assert.deepEqual(records.filter((r) => /cwd/.test(r.detail)), [], label);
          const server = records.find((r) =>
            r.action !== "warn" && /^MCP server acme: /.test(r.detail)
          );
          assert.ok(server?.path, label);
          const text = readFileSync(server.path!, "utf8");
          assert.ok(found.some((f) => text.includes(f)), `${label}\n${text}`);
          if (!/"cwd"|cwd =|cwd:|working_directory/.test(text)) {
            assert.match(text, /--cwd/, `${label}\n${text}`);
          }
        }
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
}
