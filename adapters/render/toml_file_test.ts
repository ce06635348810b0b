import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { tomlDocument, tomlMultiline } from "./toml_file.ts";

test("a TOML document reads back to exactly the fields written", () => {
  const fields = {
    name: "db-helper",
    description: 'Say "hi"',
    developer_instructions: 'Line one\n\tindented "quoted" \\ back\nthree """ quotes\r\nend',
    count: 3,
    tags: ["a", "b"],
  };
  const text = tomlDocument(fields);
  assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"));
  assert.deepEqual({ ...parse(text) }, {
    ...fields,
    developer_instructions: fields.developer_instructions.replace("\r\n", "\n"),
  });
});

test("multi-line text keeps its line breaks visible in the file", () => {
  assert.equal(tomlMultiline("a\nb"), '"""\na\nb"""');
  assert.equal(parse(`x = ${tomlMultiline("\u0001\n")}`).x, "\u0001\n");
});

test("undefined fields are left out", () => {
  assert.equal(tomlDocument({ a: undefined, b: "x" }), 'b = "x"\n');
});
