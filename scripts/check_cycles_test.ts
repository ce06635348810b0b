import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { findCycles, formatCycles, type ImportEdge, importEdges } from "./check_cycles.ts";

const edge = (from: string, to: string, dynamic = false): ImportEdge => ({ from, to, dynamic });

test("findCycles reports each group of modules that import each other, with a shortest loop", () => {
  const cycles = findCycles([
    edge("a.ts", "b.ts"),
    edge("b.ts", "c.ts"),
    edge("c.ts", "a.ts", true),
    edge("b.ts", "a.ts"),
    edge("c.ts", "d.ts"),
    edge("e.ts", "e.ts"),
  ]);
  assert.deepEqual(cycles.map((c) => c.modules), [["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  assert.deepEqual(cycles[0].loop, [edge("a.ts", "b.ts"), edge("b.ts", "a.ts")]);
  assert.equal(
    formatCycles(cycles),
    "2 import cycles:\n" +
      "cycle 1 (3 modules): a.ts, b.ts, c.ts\n  a.ts -> b.ts -> a.ts\n" +
      "cycle 2 (1 module): e.ts\n  e.ts -> e.ts\n",
  );
});

test("findCycles finds none in a graph without one", () => {
  assert.deepEqual(
    findCycles([edge("a.ts", "b.ts"), edge("a.ts", "c.ts"), edge("b.ts", "c.ts")]),
    [],
  );
  assert.equal(formatCycles([]), "no import cycles\n");
});

test("importEdges reads static, dynamic and type-only imports from Deno's graph, skipping fixtures", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-cycles-test-"));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  try {
    put("deno.json", "{}");
    put("a/x.ts", 'import { y } from "../b/y.ts";\nexport const x = () => y;\n');
    put("b/y.ts", 'import type { Z } from "./z.ts";\nexport const y: Z = 1;\n');
    put("b/z.ts", 'export type Z = number;\nexport const later = () => import("../a/x.ts");\n');
    put("tests/fixtures/f.ts", 'import "../../a/x.ts";\n');
    const edges = importEdges(root).sort((p, q) => p.from.localeCompare(q.from));
    assert.deepEqual(edges, [
      edge("a/x.ts", "b/y.ts"),
      edge("b/y.ts", "b/z.ts"),
      edge("b/z.ts", "a/x.ts", true),
    ]);
    assert.deepEqual(findCycles(edges).map((c) => c.modules), [["a/x.ts", "b/y.ts", "b/z.ts"]]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
