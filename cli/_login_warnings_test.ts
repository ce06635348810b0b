import { test } from "node:test";
import assert from "node:assert/strict";
import type { HostRun } from "../install/pipeline.ts";
import { loginRecords } from "./_login_warnings.ts";

const run = (platform: string, action: "create" | "skip" | "warn"): HostRun =>
  ({
    platform,
    scope: "user",
    records: [{ platform, action, detail: "MCP server x" }],
  }) as HostRun;

test("login warnings: unset secrets once first, then each absent login on every host entry written", () => {
  const records = loginRecords(
    [run("claude-code", "create"), run("cursor", "skip"), run("zed", "warn")],
    { once: ["secret line"], perHostEntry: ["login a", "login b"] },
  );
  assert.deepEqual(records.map((r) => `${r.platform}: ${r.detail}`), [
    "synthetic: secret line",
    "claude-code: login a",
    "claude-code: login b",
    "cursor: login a",
    "cursor: login b",
  ]);
  assert.ok(records.every((r) => r.action === "warn"));
  assert.deepEqual(loginRecords([run("cursor", "create")], { once: [], perHostEntry: [] }), []);
});
