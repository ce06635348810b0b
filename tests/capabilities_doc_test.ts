/**
 * The capability table (sdk/_capability_table.ts): docs/capabilities.md is
 * exactly what `deno task docs:capabilities` writes from the registered
 * hosts, `explain`, `hostsSupporting` and `surfaceSupport` agree with it
 * and with the capability flags, and lab evidence comes from the coverage
 * table the lab writes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { CAPABILITIES_DOC, capabilitiesText } from "../scripts/gen_capabilities.ts";
import { labEvidenceText, parseLabCoverage, readLabCoverage } from "../scripts/_lab_evidence.ts";
import { LAB_EVIDENCE } from "../scripts/build_hosts.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import { SURFACE_NAMES } from "../core/platform_types.ts";
import { hostsSupporting, SURFACE_PREDICATES, surfaceSupport } from "../sdk/introspect.ts";
import { capabilityMatrix, explain } from "../sdk/test.ts";
import { surfaceSupportOf } from "../sdk/_support.ts";
import { defineConnector } from "../mod.ts";

test(`${CAPABILITIES_DOC} is current (else run "deno task docs:capabilities")`, async () => {
  const committed = readFileSync(join(REPO, CAPABILITIES_DOC), "utf8");
  assert.equal(committed, await capabilitiesText(), `run "deno task docs:capabilities"`);
});

test("the table has a row for every registered host and a cell for every surface", async () => {
  const ids = (await loadAllAdapters()).map((a) => a.id);
  const rows = await capabilityMatrix();
  assert.equal(rows.length, ids.length * SURFACE_NAMES.length);
  const text = await capabilitiesText();
  for (const id of ids) assert.match(text, new RegExp(`^\\| ${id} \\|`, "m"), id);
});

test("supported in the table is supported for the capability flags and the helpers", async () => {
  for (const a of await loadAllAdapters()) {
    for (const surface of SURFACE_NAMES) {
      const listed = surfaceSupportOf(a, surface).level !== "unsupported";
      assert.equal(SURFACE_PREDICATES[surface](a.capabilities), listed, `${a.id} ${surface}`);
      assert.equal(await surfaceSupport(a.id, surface), listed, `${a.id} ${surface}`);
    }
  }
  const statusline = (await capabilityMatrix())
    .filter((r) => r.surface === "statusline" && r.level !== "unsupported").map((r) => r.host);
  assert.deepEqual(await hostsSupporting("statusline"), statusline);
});

test("explain carries the table's level and evidence", async () => {
  const c = defineConnector({
    id: "acme",
    server: { transport: "stdio", command: "acme" },
    memory: [{ name: "notes", content: "Use acme." }],
  });
  const rows = await explain(c);
  const junie = rows.find((r) => r.host === "junie" && r.surface === "server")!;
  assert.equal(junie.support, "native");
  assert.equal(junie.level, "degraded");
  assert.match(junie.reason, /stdio only/);
  const claude = rows.find((r) => r.host === "claude-code" && r.surface === "memory")!;
  assert.equal(claude.level, "native");
  const mux = rows.find((r) => r.host === "mux" && r.surface === "memory")!;
  assert.equal(mux.support, "skip-warn");
  assert.equal(mux.level, "unsupported");
});

test(`${LAB_EVIDENCE} holds docs/real-hosts.md's results (else run "deno task build:hosts")`, () => {
  const built = readFileSync(join(REPO, LAB_EVIDENCE), "utf8");
  assert.equal(built, labEvidenceText(readLabCoverage(REPO)));
});

test("lab evidence is read from the coverage table the lab writes", () => {
  const md = [
    "| check | claude-code 2.1.197 | droid 0.225.2 |",
    "| --- | :-: | :-: |",
    "| mcp-call | ✅ | ➖ |",
    "| memory | ❌ | ✅ |",
    "",
    "## What each check verifies",
  ].join("\n");
  assert.deepEqual(parseLabCoverage(md), {
    "claude-code": { version: "2.1.197", checks: { "mcp-call": "pass", memory: "fail" } },
    droid: { version: "0.225.2", checks: { "mcp-call": "skip", memory: "pass" } },
  });
});
