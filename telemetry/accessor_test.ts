import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { telemetryAccessor } from "./accessor.ts";
import { openTelemetryStore } from "./store.ts";
import type { TelemetryRow } from "./rows.ts";

function row(over: Partial<TelemetryRow>): TelemetryRow {
  return {
    connectorId: "acme-db",
    toolName: "acme_read",
    scope: "call",
    surfaceKind: "server",
    hostPlatform: "claude-code",
    sessionId: "s1",
    projectKey: "p",
    inputTokens: 10,
    outputTokens: 100,
    confidenceSource: "tokenizer-exact",
    isError: false,
    ts: "2026-12-01T10:00:00.000Z",
    ...over,
  };
}

test("the accessor sums one connector's rows and breaks them down by tool", async () => {
  const root = mkdtempSync(join(tmpdir(), "ac-accessor-"));
  try {
    const store = await openTelemetryStore("ndjson", root);
    store.append([
      row({}),
      row({ toolName: "acme_write", inputTokens: 5, outputTokens: 7, isError: true }),
      row({ sessionId: "s2", confidenceSource: "tokenizer-approx" }),
      row({ connectorId: "other", inputTokens: 1000 }),
      row({ ts: "2026-11-01T00:00:00.000Z", inputTokens: 1 }),
    ]);
    store.close();
    const acme = telemetryAccessor({ connectorId: "acme-db", dataDir: root });
    const all = await acme.summary();
    assert.deepEqual(
      [all.count, all.errors, all.inputTokens, all.outputTokens, all.totalTokens, all.sessions],
      [4, 1, 26, 307, 333, 2],
    );
    assert.equal(all.confidence, "tokenizer-approx");
    assert.deepEqual(all.byTool.map((r) => [r.key.toolName, r.totalTokens]), [
      ["acme_read", 321],
      ["acme_write", 12],
    ]);
    const recent = await acme.summary({ since: new Date("2026-11-15T00:00:00Z") });
    assert.equal(recent.count, 3);
    assert.equal(recent.since, "2026-11-15T00:00:00.000Z");
    assert.equal((await acme.rows({ since: "2026-11-15" })).length, 3);
    assert.equal((await telemetryAccessor({ dataDir: root }).summary()).count, 5);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("an empty data root answers zeros, not an error", async () => {
  const root = mkdtempSync(join(tmpdir(), "ac-accessor-"));
  try {
    const summary = await telemetryAccessor({ dataDir: root }).summary();
    assert.deepEqual([summary.count, summary.totalTokens, summary.byTool], [0, 0, []]);
    assert.equal(summary.confidence, undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
