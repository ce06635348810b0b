import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UsageProblem } from "../core/usage_types.ts";
import { loadSnapshot, saveSnapshotTable } from "./_snapshot.ts";
import { tableOf } from "./table.ts";

const record = (i: number) => ({
  ts: 1_767_225_600_000 + i,
  sessionId: `s${i % 3}`,
  projectKey: "p",
  modelId: "m",
  tokens: { input: i, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: 2 * i, reasoning: 0 },
});

function withSnapshot(problems: UsageProblem[], body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const table = tableOf("claude-code", "host-reported", [0, 1, 2, 3].map(record));
    assert.ok(saveSnapshotTable(dir, 7, "id1", "fp", { table, problems }));
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a snapshot whose header is larger than the first read still loads whole", () => {
  const problems = Array.from({ length: 200 }, (_, i) => ({
    platform: "claude-code" as const,
    path: `/logs/some/long/folder/name/session-${i}.jsonl`,
    line: i + 1,
    message: "a line is not JSON; it was skipped",
    count: 1,
  }));
  withSnapshot(problems, (dir) => {
    const snap = loadSnapshot(dir, "claude-code", "host-reported", 7, "fp");
    assert.ok(snap);
    assert.equal(snap.table.count, 4);
    assert.deepEqual(Array.from(snap.table.output), [0, 2, 4, 6]);
    assert.deepEqual(snap.problems, problems);
  });
});

test("a snapshot of another fingerprint or reader version, or a damaged one, is not loaded", () => {
  withSnapshot([], (dir) => {
    assert.ok(loadSnapshot(dir, "claude-code", "host-reported", 7, "fp"));
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 7, "other"), undefined);
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 8, "fp"), undefined);
    const path = join(dir, "claude-code.records.bin");
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, bytes.length - 3));
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 7, "fp"), undefined);
    writeFileSync(path, bytes.subarray(0, 6)); // cut inside the header's length
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 7, "fp"), undefined);
  });
});
