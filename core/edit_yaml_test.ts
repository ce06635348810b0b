import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  getYamlAt,
  parseYamlText,
  removeYamlAt,
  removeYamlItems,
  setYamlAt,
  upsertYamlItem,
  YamlEditError,
  YamlSyntaxError,
} from "./edit_yaml.ts";
import { renderYaml, yamlLayoutArb, yamlModelArb } from "../tests/_helpers/gen_yaml.ts";
import { isOneInsertion } from "../tests/_helpers/text_diff.ts";

const RUNS = { numRuns: 100 };

const valueArb = fc.record({
  cmd: fc.string({ maxLength: 8 }),
  args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  envs: fc.dictionary(fc.constantFrom("A", "B_C", "with space"), fc.string({ maxLength: 6 }), {
    maxKeys: 2,
    noNullPrototype: true,
  }),
  enabled: fc.boolean(),
  timeout: fc.constantFrom(300, 1.5),
}, { requiredKeys: ["cmd"], noNullPrototype: true });

function valid(text: string): boolean {
  try {
    parseYamlText(text);
    return true;
  } catch {
    return false;
  }
}

function editable(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (err) {
    if (err instanceof YamlEditError) return false;
    throw err;
  }
}

describe("setYamlAt and removeYamlAt", () => {
  it("insert then remove gives the original bytes for generated YAML files", () => {
    fc.assert(
      fc.property(
        yamlModelArb,
        yamlLayoutArb,
        valueArb,
        fc.constantFrom("extensions", "mcp_servers"),
        (m, l, value, root) => {
          const text = renderYaml(m, l);
          fc.pre(valid(text));
          let set!: ReturnType<typeof setYamlAt>;
          fc.pre(editable(() => (set = setYamlAt(text, [root, "acme"], value))));
          assert.deepEqual(getYamlAt(set.text, [root, "acme"]).value, value);
          assert.ok(isOneInsertion(text, set.text), "bytes outside the new entry changed");
          assert.equal(removeYamlAt(set.text, [root, "acme"], set.created).text, text);
          assert.deepEqual(setYamlAt(set.text, [root, "acme"], value).changed, false);
        },
      ),
      RUNS,
    );
  });

  it("updates an entry in place and the result always parses", () => {
    fc.assert(
      fc.property(yamlModelArb, yamlLayoutArb, valueArb, valueArb, (m, l, v1, v2) => {
        const text = renderYaml(m, l);
        fc.pre(valid(text));
        let first!: ReturnType<typeof setYamlAt>;
        fc.pre(editable(() => (first = setYamlAt(text, ["extensions", "acme"], v1))));
        const second = setYamlAt(first.text, ["extensions", "acme"], v2);
        assert.deepEqual(getYamlAt(second.text, ["extensions", "acme"]).value, v2);
        assert.equal(removeYamlAt(second.text, ["extensions", "acme"], first.created).text, text);
      }),
      RUNS,
    );
  });

  it("keeps comments around a Goose extension and uses the file's indentation", () => {
    const text =
      "extensions:\n    developer:   # built in\n        type: builtin\n    # mine below\nGOOSE_MODEL: x\n";
    const r = setYamlAt(text, ["extensions", "acme"], { cmd: "acme", args: ["a"] });
    assert.equal(
      r.text,
      "extensions:\n    developer:   # built in\n        type: builtin\n    acme:\n        cmd: acme\n        args:\n            - a\n    # mine below\nGOOSE_MODEL: x\n",
    );
  });

  it("names the line of a syntax error", () => {
    assert.throws(
      () => setYamlAt("a: 1\nb: [\n", ["c"], 1),
      (e: unknown) => e instanceof YamlSyntaxError && e.line >= 2,
    );
  });

  it("refuses an entry it cannot edit in place", () => {
    assert.throws(() => setYamlAt("extensions: [a]\n", ["extensions", "acme"], {}), YamlEditError);
    assert.throws(() => setYamlAt("a: 1\n---\nb: 2\n", ["c"], 1), YamlEditError);
  });
});

describe("upsertYamlItem and removeYamlItems", () => {
  it("round-trips a Continue server item in generated files", () => {
    fc.assert(
      fc.property(yamlModelArb, yamlLayoutArb, valueArb, (m, l, value) => {
        const text = renderYaml(m, l);
        fc.pre(valid(text));
        const item = { name: "acme", ...value };
        let r!: ReturnType<typeof upsertYamlItem>;
        fc.pre(editable(() => (r = upsertYamlItem(text, ["mcpServers"], { name: "acme" }, item))));
        assert.deepEqual((getYamlAt(r.text, ["mcpServers"]).value as unknown[]).at(-1), item);
        assert.equal(
          removeYamlItems(r.text, ["mcpServers"], { name: "acme" }, r.created).text,
          text,
        );
        assert.equal(upsertYamlItem(r.text, ["mcpServers"], { name: "acme" }, item).changed, false);
      }),
      RUNS,
    );
  });

  it("replaces the matching item in place", () => {
    const text = "mcpServers:\n  - name: a  # first\n    command: x\n  - name: b\n    command: y\n";
    const r = upsertYamlItem(text, ["mcpServers"], { name: "a" }, { name: "a", command: "z" });
    assert.equal(r.text, "mcpServers:\n  - name: a\n    command: z\n  - name: b\n    command: y\n");
  });
});
