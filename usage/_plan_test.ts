import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fingerprint, type Planned, planSources } from "./_plan.ts";
import type { UsageReader } from "./reader.ts";
import type { UsageProblem } from "../core/usage_types.ts";

const plan = (key: string, size: number, mtimeMs: number, ino: number): Planned => ({
  reader: {} as UsageReader,
  source: { path: key, format: "jsonl" },
  key,
  size,
  mtimeMs,
  ino,
  mode: 2,
  from: 0,
});

test("a listing's fingerprint changes with any source's key, size, mtime or inode, and only then", () => {
  const base = [plan("/h/a.jsonl", 10, 1764489035123.25, 7), plan("/h/b.jsonl", 0, 1, 0)];
  const same = fingerprint(base.map((p) => ({ ...p })));
  assert.equal(fingerprint(base), same);
  const changed = [
    [plan("/h/a.jsonX", 10, 1764489035123.25, 7), base[1]],
    [plan("/h/a.jsonl", 11, 1764489035123.25, 7), base[1]],
    [plan("/h/a.jsonl", 10, 1764489035123.5, 7), base[1]],
    [plan("/h/a.jsonl", 10, 1764489035123.25, 8), base[1]],
    [base[1], base[0]],
    [base[0]],
  ];
  for (const plans of changed) assert.notEqual(fingerprint(plans), same, JSON.stringify(plans));
  // Where one key ends and the next begins is part of it.
  assert.notEqual(
    fingerprint([plan("ab", 1, 1, 1), plan("c", 1, 1, 1)]),
    fingerprint([plan("a", 1, 1, 1), plan("bc", 1, 1, 1)]),
  );
});

test("listing stats a file once, skips a gone path or a folder, and reports one it cannot stat", () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const file = join(dir, "a.jsonl");
    writeFileSync(file, "12345");
    const loop = join(dir, "loop.jsonl");
    symlinkSync(loop, loop);
    const source = (path: string) => ({ path, format: "jsonl" as const });
    const problems: UsageProblem[] = [];
    const reader = { id: "claude-code" } as UsageReader;
    const plans = planSources(
      reader,
      [source(file), source(join(dir, "gone.jsonl")), source(dir), source(loop), source(file)],
      problems,
    );
    const st = statSync(file);
    assert.deepEqual(plans.map((p) => [p.key, p.size, p.mtimeMs, p.ino]), [
      [file, 5, st.mtimeMs, Number(st.ino)],
    ]);
    assert.deepEqual(problems.map((p) => [p.path, p.message]), [
      [loop, "cannot read this file (ELOOP); it was skipped"],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
