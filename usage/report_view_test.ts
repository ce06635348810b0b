import { test } from "node:test";
import assert from "node:assert/strict";
import { bar, shortId, shortProject } from "./report_view.ts";
import { money } from "./render.ts";

test("session ids and hashes are shortened; names and paths are not, home becomes ~", () => {
  assert.equal(shortId("3f2a9c1e-7b4d-4e2f-9a1b-2c3d4e5f6a7b"), "3f2a9c1e…");
  const gemini = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  assert.equal(shortId(gemini), "9f86d081…");
  assert.equal(shortProject(gemini), "9f86d081…");
  assert.equal(shortId("cx-totals"), "cx-totals");
  assert.equal(shortId("deadbeef"), "deadbeef"); // too short to be a hash
  assert.equal(shortProject("/home/me/work/app", "/home/me"), "~/work/app");
  assert.equal(shortProject("/home/meg/app", "/home/me"), "/home/meg/app");
  assert.equal(shortProject("/srv/app", "/"), "/srv/app");
});

test("money always has cents and marks a partial sum", () => {
  assert.equal(money(1234.5), "$1,234.50");
  assert.equal(money(0.004), "$0.00");
  assert.equal(money(363, 2), "$363.00+");
  assert.equal(money(undefined), "—");
});

test("bars are drawn in eighths of a block, never empty for a positive value", () => {
  assert.equal(bar(1, 1, 4), "████");
  assert.equal(bar(1, 2, 4), "██");
  assert.equal(bar(1, 16, 4), "▎");
  assert.equal(bar(1, 1e9, 4), "▏");
  assert.equal(bar(0, 1, 4), "");
});
