import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { denoStatDir, denoStatFile } from "./runtime_info.ts";
import { nodeStatDir, nodeStatFile, wholeSecondsMs } from "./node_stat.ts";

test("Node's stats of a folder and a file are in Deno's units: whole ms, a folder's ctime in whole seconds", () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const sub = join(dir, "d");
    const file = join(dir, "a.jsonl");
    mkdirSync(sub);
    writeFileSync(file, "{}\n");
    const at = new Date(1735689600123.4568);
    utimesSync(sub, at, at);
    utimesSync(file, at, at);
    const d = nodeStatDir(sub)!;
    assert.equal(d.mtimeMs, 1735689600123);
    assert.equal(d.ctimeMs % 1000, 0);
    assert.ok(d.ino > 0);
    const f = nodeStatFile(file)!;
    assert.deepEqual([f.size, f.mtimeMs], [3, 1735689600123]);
    // Under Deno, its own API gives the same numbers (what a memo written by either holds).
    const deno = [denoStatDir(), denoStatFile()] as const;
    if (deno[0] && deno[1]) {
      assert.deepEqual(nodeStatDir(sub), deno[0](sub));
      assert.deepEqual(nodeStatFile(file), deno[1](file));
    }
    assert.equal(nodeStatDir(file), undefined);
    assert.equal(nodeStatDir(join(file, "x")), undefined);
    assert.equal(nodeStatDir(join(dir, "missing")), undefined);
    assert.equal(nodeStatFile(sub), undefined);
    assert.equal(nodeStatFile(join(dir, "missing")), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a ctime is truncated to its whole second", () => {
  assert.equal(wholeSecondsMs(1735689600999.9), 1735689600000);
  assert.equal(wholeSecondsMs(1735689600000), 1735689600000);
});
