import { test } from "node:test";
import assert from "node:assert/strict";
import { type Column, cutText, fitTable, textWidth } from "./fit_table.ts";

const columns: Column[] = [
  { head: "KEY", cut: "end", min: 6 },
  { head: "A", right: true, drop: 2 },
  { head: "B", right: true, drop: 1 },
  { head: "COST", right: true },
];
const rows = [["a-long-model-name", "1,000", "2,000", "$1.00"], [
  "TOTAL",
  "1,000",
  "2,000",
  "$1.00",
]];

test("a table keeps its natural width when it fits, with a rule before the totals", () => {
  assert.equal(
    fitTable(columns, rows, { width: 80, ruleBefore: [1] }),
    "KEY                    A      B   COST\n" +
      "a-long-model-name  1,000  2,000  $1.00\n" +
      "──────────────────────────────────────\n" +
      "TOTAL              1,000  2,000  $1.00\n",
  );
});

test("too wide: columns go in drop order, then the keys are cut down to their minimum", () => {
  const narrow = fitTable(columns, rows, { width: 31 });
  for (const line of narrow.trimEnd().split("\n")) assert.ok(textWidth(line) <= 31, line);
  assert.equal(
    narrow,
    "KEY                 B   COST\na-long-model-name  2,000  $1.00\nTOTAL              2,000  $1.00\n"
      .replace("KEY                 B", "KEY                    B"),
  );
  const tiny = fitTable(columns, rows, { width: 14 });
  assert.equal(tiny, "KEY       COST\na-long…  $1.00\nTOTAL    $1.00\n");
  // Never below the minimum, even when the table cannot fit.
  assert.equal(fitTable(columns, rows, { width: 5 }).split("\n")[1], "a-lon…  $1.00");
});

test("cut text keeps its start, or its end for paths", () => {
  assert.equal(cutText("/home/me/projects/app", 10, "start"), "…jects/app");
  assert.equal(cutText("claude-sonnet-4-5", 10), "claude-so…");
  assert.equal(cutText("short", 10), "short");
});
