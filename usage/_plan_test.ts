import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decideMode, fingerprint, type Planned, planSources } from "./_plan.ts";
import { wholeMs } from "../edge/node_stat.ts";
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
    const st = statSync(file, { bigint: true });
    assert.deepEqual(plans.map((p) => [p.key, p.size, p.mtimeMs, p.ino]), [
      [file, 5, Number(st.mtimeNs / 1000000n), Number(st.ino)],
    ]);
    assert.deepEqual(problems.map((p) => [p.path, p.message]), [
      [loop, "cannot read this file (ELOOP); it was skipped"],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a file's mtime is whole milliseconds, truncated, under either runtime", () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const file = join(dir, "a.jsonl");
    writeFileSync(file, "12345");
    for (const seconds of [1735689600.123456, 1735689600.9999, 1735689600]) {
      utimesSync(file, seconds, seconds);
      const [planned] = planSources({ id: "claude-code" } as UsageReader, [{
        path: file,
        format: "jsonl",
      }], []);
      const exact = statSync(file, { bigint: true }).mtimeNs;
      assert.equal(planned.mtimeMs, Number(exact / 1000000n), String(seconds));
      assert.ok(Number.isInteger(planned.mtimeMs));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a cursor kept under Deno is current under Node and the reverse, to the nanosecond edge", () => {
  // One file's stat as each runtime gives it: Deno a Date of whole ms (truncated),
  // Node a float of ms rounded to the nearest (which crosses into the next ms).
  const cases: [bigint, number][] = [
    [1735689600123456789n, 1735689600123.4568],
    [1735689600999999999n, 1735689601000], // Node's float rounds up here
    [1735689600000000000n, 1735689600000],
  ];
  for (const [ns, nodeMs] of cases) {
    const deno = new Date(Number(ns / 1000000n)).getTime();
    const node = wholeMs(nodeMs, () => ns);
    assert.equal(node, deno, String(ns));
    for (const [keptMs, nowMs] of [[deno, node], [node, deno]]) {
      const p = plan("/h/a.jsonl", 10, nowMs, 7);
      p.cached = {
        path: "/h/a.jsonl",
        size: 10,
        mtimeMs: keptMs,
        ino: 7,
        end: 10,
        head: "",
        saved: null,
        problems: [],
      };
      decideMode(p, undefined);
      assert.equal(p.mode, 0, `unchanged: kept ${keptMs}, now ${nowMs}`);
    }
  }
  // A fraction is truncated without a second stat; a whole value without one stays.
  assert.equal(
    wholeMs(1735689600123.4568, () => assert.fail("no exact stat needed")),
    1735689600123,
  );
  assert.equal(wholeMs(1735689600000), 1735689600000);
});
