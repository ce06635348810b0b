import { test } from "node:test";
import assert from "node:assert/strict";
import { freshTomlFormat } from "./_toml_fresh_format.ts";
import { TOML_FORMAT } from "./_toml_format.ts";
import type { Edit } from "./edits.ts";

function tableSet(table: string[], value: Record<string, unknown>): Edit {
  return { op: "toml.table.set", platform: "codex", file: "/h/.codex/config.toml", table, value };
}

test("a table set into an absent or empty TOML file gets the bytes the in-place editor writes", () => {
  const values: Array<[string[], Record<string, unknown>]> = [
    [["mcp_servers", "acme-db"], {
      command: "/home/u/.agent-connector/bin/agent-connector",
      args: ["serve", "--connector", "acme-db", "--", "npx", "-y", "@acme/db-mcp"],
      env: { ACME_TOKEN: "${ACME_TOKEN}", "odd key": 'quote " and \\ back\nslash' },
      startup_timeout_sec: 30,
      ratio: 0.25,
      enabled: true,
      empty: {},
      none: [],
    }],
    [["mcp_servers", "we.ird key"], { url: "https://acme.test/mcp", headers: { A: "1" } }],
    [["profile"], { nested: { deeper: { x: -7, y: "z" } }, after: "flat" }],
  ];
  for (const [path, value] of values) {
    const fresh = freshTomlFormat(tableSet(path, value), undefined);
    assert.ok(fresh, path.join("."));
    const want = TOML_FORMAT.set("", { path }, value).text;
    assert.equal(fresh.set("", { path }, value).text, want);
    assert.equal(freshTomlFormat(tableSet(path, value), "")!.set("", { path }, value).text, want);
    assert.deepEqual(fresh.get("", { path }), { found: false });
  }
});

test("a fresh TOML set leaves files with text and values it cannot vouch for to the full editor", () => {
  const plain = { command: "x" };
  assert.equal(freshTomlFormat(tableSet(["a"], plain), "# mine\n"), undefined);
  assert.equal(freshTomlFormat(tableSet([], plain), undefined), undefined);
  for (
    const odd of [
      { when: new Date(0) },
      { big: 2 ** 60 },
      { inf: Infinity },
      { nan: NaN },
      { nothing: null },
      { gone: undefined },
      { items: [{ a: 1 }] },
      { lone: "\ud800" },
    ]
  ) {
    assert.equal(freshTomlFormat(tableSet(["a"], odd), undefined), undefined, JSON.stringify(odd));
  }
  const remove: Edit = { op: "toml.table.remove", platform: "codex", file: "/f", table: ["a"] };
  assert.equal(freshTomlFormat(remove, undefined), undefined);
});
