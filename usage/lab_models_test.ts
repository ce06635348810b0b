/**
 * Every model id the real-host lab's hosts log is either priced by the
 * shipped table or named in the report's unpriced note, never a silent $0
 * (#27). The ids and a few of the hosts' own logs were captured from a lab
 * run into tests/fixtures/usage/lab_logs/ (see its model_ids.json), so this
 * runs without the lab.
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import type { HostId } from "../core/platform_types.ts";
import type { UsageRecord } from "../core/usage_types.ts";
import { scanUsage } from "./scan.ts";
import { aggregateUsage } from "./aggregate.ts";
import { findPrice, loadPriceTable } from "./cost.ts";
import { hostAt, tempCopy, usageFixture } from "../tests/_helpers/usage.ts";

interface Captured {
  hosts: Record<string, { version: string; ids: string[]; logsCost?: boolean }>;
}

const captured: Captured = JSON.parse(
  readFileSync(usageFixture("lab_logs/model_ids.json"), "utf8"),
);

test("our readers read the captured model ids from the lab hosts' own logs", async () => {
  const withLogs = Object.keys(captured.hosts).filter((id) =>
    existsSync(usageFixture(`lab_logs/${id}`))
  );
  assert.ok(withLogs.length >= 6, `logs for ${withLogs}`);
  for (const id of withLogs) {
    const t = tempCopy(`lab_logs/${id}`);
    try {
      const scan = await scanUsage({
        machine: hostAt(t.dir),
        platforms: [id as HostId],
        cache: false,
      });
      assert.deepEqual(scan.problems, [], id);
      const ids = [...new Set(scan.records.map((r) => r.modelId ?? ""))].sort();
      assert.deepEqual(ids, captured.hosts[id].ids, id);
    } finally {
      t.done();
    }
  }
});

test("each lab model id is priced or named as unpriced, never counted as $0", async () => {
  const prices = await loadPriceTable();
  for (const [platform, host] of Object.entries(captured.hosts)) {
    for (const modelId of host.ids) {
      const record: UsageRecord = {
        platformId: platform as HostId,
        sessionId: "s",
        projectKey: "/p",
        modelId,
        ts: Date.UTC(2026, 11, 7),
        tokens: {
          input: 1000,
          cacheRead: 200,
          cacheWrite: 0,
          cacheWrite1h: 0,
          output: 50,
          reasoning: 0,
        },
        // A host that logs its own cost logged 0: the lab's model has no price in its config.
        ...(host.logsCost ? { costUsd: 0 } : {}),
        confidence: "host-reported",
      };
      const report = aggregateUsage([record], "model", { prices });
      const where = `${platform}: ${modelId}`;
      if (findPrice(prices, modelId)) {
        assert.ok(report.totals.costUsd! > 0, where);
        assert.deepEqual(report.unpricedModels, {}, where);
      } else {
        assert.equal(report.totals.costUsd, undefined, where);
        assert.deepEqual(report.unpricedModels, { [modelId]: 1 }, where);
      }
    }
  }
});

test("the lab's real models are priced: the mock's ids are the only unpriced ones", async () => {
  const prices = await loadPriceTable();
  const unpriced = new Set<string>();
  for (const host of Object.values(captured.hosts)) {
    for (const id of host.ids) if (!findPrice(prices, id)) unpriced.add(id);
  }
  assert.deepEqual([...unpriced].sort(), ["labmock-0", "mock-model"]);
});
