import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { stringify } from "yaml";
import { freshYamlDocument } from "./yaml_fresh.ts";
import { setYamlAt, upsertYamlItem } from "./edit_yaml.ts";

const RUNS = { numRuns: 400 };
const OPTIONS = { indent: 2, indentSeq: true, lineWidth: 0 };

/** Characters that steer YAML's choice between plain, quoted and block scalars. */
const TRICKY = [
  ..."aZ09_-?:#,[]{}&*!|>'\"%@`.~+=/\\ \t\n\u00e9\u0007",
  "true",
  "null",
  "0x1",
  "1e3",
  "---",
  ": ",
  " #",
];
const trickyString = fc.array(fc.constantFrom(...TRICKY), { maxLength: 6 }).map((p) => p.join(""));
/** Strings of characters that stay plain, as host config values mostly are. */
const safeString = fc.stringMatching(/^[a-z/][a-zA-Z0-9_./=-]{0,12}$/).filter((s) =>
  !/^(?:true|false|null)$/i.test(s)
);
const key = fc.oneof(safeString, trickyString);

function valueArb(str: fc.Arbitrary<string>, k: fc.Arbitrary<string>) {
  return fc.letrec<{ value: unknown; map: Record<string, unknown>; list: unknown[] }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      str,
      fc.integer(),
      fc.constantFrom(true, false, null, 1.5, -0),
      tie("map"),
      tie("list"),
    ),
    map: fc.dictionary(k, tie("value"), { maxKeys: 4 }),
    list: fc.array(tie("value"), { maxLength: 4 }),
  })).value;
}

const anyDoc = fc.dictionary(key, valueArb(fc.oneof(safeString, trickyString), key), {
  minKeys: 1,
  maxKeys: 3,
});
/** Documents made only of what the renderer handles: it must never decline them. */
const safeValue = fc.letrec<{ value: unknown; map: Record<string, unknown>; list: unknown[] }>((
  tie,
) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    safeString,
    fc.integer(),
    fc.constantFrom(true, false, null),
    tie("map"),
    tie("list"),
  ),
  map: fc.dictionary(safeString, tie("value"), { minKeys: 1, maxKeys: 4 }),
  list: fc.array(fc.oneof(safeString, fc.integer(), tie("map")), { minLength: 1, maxLength: 4 }),
})).value;

describe("freshYamlDocument", () => {
  it("writes what yaml's stringify writes, whenever it writes anything", () => {
    let rendered = 0;
    fc.assert(
      fc.property(anyDoc, (doc) => {
        const ours = freshYamlDocument(doc);
        if (ours === undefined) return;
        rendered++;
        assert.equal(ours, stringify(doc, OPTIONS));
      }),
      RUNS,
    );
    assert.ok(rendered > RUNS.numRuns / 10, `only ${rendered} documents rendered`);
  });

  it("renders every document of plain keys, plain strings, integers and non-empty collections", () => {
    fc.assert(
      fc.property(safeString, safeValue, (k, v) => {
        assert.equal(freshYamlDocument({ [k]: v }), stringify({ [k]: v }, OPTIONS));
      }),
      RUNS,
    );
  });

  it("quotes the strings YAML would read as something else, and a leading indicator", () => {
    const doc = { s: ["true", "12", "0x1f", "1e3", "", "~", "@acme/mcp", "-y", "--", "a: b"] };
    assert.equal(
      freshYamlDocument(doc),
      's:\n  - "true"\n  - "12"\n  - "0x1f"\n  - "1e3"\n  - ""\n  - "~"\n  - "@acme/mcp"\n  - -y\n  - --\n  - "a: b"\n',
    );
  });

  it("declines what it cannot write identically", () => {
    for (
      const doc of [{ a: [] }, { a: {} }, { a: [[1]] }, { a: "é" }, { a: 'say "hi"' }, { a: 1.5 }, {
        "a b: c": 1,
      }, { a: "x\ny" }]
    ) assert.equal(freshYamlDocument(doc), undefined, JSON.stringify(doc));
  });

  it("gives the text edit_yaml writes into an empty file", () => {
    fc.assert(
      fc.property(
        fc.array(safeString, { minLength: 1, maxLength: 3 }),
        safeValue,
        (path, value) => {
          let doc: unknown = value;
          for (let i = path.length - 1; i >= 0; i--) doc = { [path[i]]: doc };
          assert.equal(
            freshYamlDocument(doc as Record<string, unknown>),
            setYamlAt("", path, value).text,
          );
          let listDoc: unknown = [value];
          for (let i = path.length - 1; i >= 0; i--) listDoc = { [path[i]]: listDoc };
          const list = freshYamlDocument(listDoc as Record<string, unknown>);
          // A list in a list is the one shape of safeValue it leaves to edit_yaml.
          assert.equal(
            list ?? upsertYamlItem("", path, () => false, value).text,
            upsertYamlItem("", path, () => false, value).text,
          );
          assert.equal(list === undefined, Array.isArray(value));
        },
      ),
      { numRuns: 150 },
    );
  });
});
