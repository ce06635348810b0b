import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import {
  getJsonAt,
  JsonPathConflictError,
  JsonSyntaxError,
  parseJsonText,
  removeJsonAt,
  removeJsonItems,
  setJsonAt,
  upsertJsonItem,
} from "./edit_json.ts";
import {
  keyArb,
  layoutArb,
  objectPaths,
  renderJsonc,
  rootArb,
  treeArb,
} from "../tests/_helpers/gen_jsonc.ts";
import { isSubsequence } from "../tests/_helpers/text_diff.ts";

const RUNS = { numRuns: 150 };

describe("setJsonAt and removeJsonAt", () => {
  it("insert then remove gives the original bytes for generated JSONC documents", () => {
    fc.assert(
      fc.property(
        rootArb,
        layoutArb,
        fc.nat(),
        keyArb,
        fc.array(keyArb, { maxLength: 2 }),
        treeArb,
        (root, layout, pick, key, deeper, value) => {
          const text = renderJsonc(root, layout);
          const parents = objectPaths(root);
          const base = parents[pick % parents.length];
          const existing = getJsonAt(text, [...base, key]);
          fc.pre(!existing.found);
          const path = [...base, key, ...deeper];
          const set = setJsonAt(text, path, value);
          assert.equal(set.changed, true);
          assert.deepEqual(getJsonAt(set.text, path).value, value);
          assert.ok(
            isSubsequence(text, set.text),
            "a byte of the original changed, not only added to",
          );
          const back = removeJsonAt(set.text, path, { prune: set.created });
          assert.equal(back.text, text);
        },
      ),
      RUNS,
    );
  });

  it("setting the same value twice equals setting it once", () => {
    fc.assert(
      fc.property(
        rootArb,
        layoutArb,
        fc.array(keyArb, { minLength: 1, maxLength: 3 }),
        treeArb,
        (root, layout, path, value) => {
          const text = renderJsonc(root, layout);
          let once;
          try {
            once = setJsonAt(text, path, value);
          } catch (err) {
            fc.pre(!(err instanceof JsonPathConflictError));
            throw err;
          }
          const twice = setJsonAt(once.text, path, value);
          assert.equal(twice.changed, false);
          assert.equal(twice.text, once.text);
        },
      ),
      RUNS,
    );
  });

  it("replacing an existing value changes no byte outside that value", () => {
    fc.assert(
      fc.property(rootArb, layoutArb, fc.nat(), treeArb, (root, layout, pick, value) => {
        const text = renderJsonc(root, layout);
        const keys = Object.keys(root);
        fc.pre(keys.length > 0);
        const key = keys[pick % keys.length];
        const r = setJsonAt(text, [key], value);
        const parsed = parseJsonText(r.text) as Record<string, unknown>;
        assert.deepEqual(parsed, { ...root, [key]: value });
        if (!r.changed) return;
        let pre = 0;
        while (pre < text.length && text[pre] === r.text[pre]) pre++;
        let suf = 0;
        while (
          suf < text.length - pre && text[text.length - 1 - suf] === r.text[r.text.length - 1 - suf]
        ) suf++;
        // Only the old value's own text may differ.
        const bom = text.startsWith("\uFEFF") ? 1 : 0;
        const node = findNodeAtLocation(
          parseTree(text.slice(bom), [], { allowTrailingComma: true })!,
          [key],
        )!;
        assert.ok(pre >= node.offset + bom && text.length - suf <= node.offset + node.length + bom);
      }),
      RUNS,
    );
  });

  it("always produces text that parses", () => {
    fc.assert(
      fc.property(
        rootArb,
        layoutArb,
        fc.array(keyArb, { minLength: 1, maxLength: 3 }),
        treeArb,
        (root, layout, path, value) => {
          const text = renderJsonc(root, layout);
          try {
            const r = setJsonAt(text, path, value);
            assert.deepEqual(getJsonAt(r.text, path).value, value);
            parseJsonText(removeJsonAt(r.text, path).text);
          } catch (err) {
            if (!(err instanceof JsonPathConflictError)) throw err;
          }
        },
      ),
      RUNS,
    );
  });

  it("keeps a literal dotted key as one key", () => {
    const r = setJsonAt("{}\n", ["amp.mcpServers", "acme"], { command: "acme" });
    assert.equal(
      r.text,
      '{\n  "amp.mcpServers": {\n    "acme": {\n      "command": "acme"\n    }\n  }\n}\n',
    );
    assert.deepEqual(r.created, [["amp.mcpServers"]]);
  });

  it("reports every parent it created, outermost first", () => {
    const r = setJsonAt('{\n  "a": 1\n}\n', ["x", "y", "z"], true);
    assert.deepEqual(r.created, [["x"], ["x", "y"]]);
  });

  it("creates a document in an empty file and collapses it to {} when emptied", () => {
    const r = setJsonAt("", ["mcpServers", "acme"], { command: "a" });
    assert.equal(
      r.text,
      '{\n  "mcpServers": {\n    "acme": {\n      "command": "a"\n    }\n  }\n}\n',
    );
    assert.equal(removeJsonAt(r.text, ["mcpServers", "acme"], { prune: r.created }).text, "{}\n");
  });

  it("keeps the file's tab indentation, CRLF and BOM", () => {
    const text = '\uFEFF{\r\n\t"a": {\r\n\t\t"b": 1\r\n\t}\r\n}\r\n';
    const r = setJsonAt(text, ["a", "c"], [1]);
    assert.equal(
      r.text,
      '\uFEFF{\r\n\t"a": {\r\n\t\t"b": 1,\r\n\t\t"c": [\r\n\t\t\t1\r\n\t\t]\r\n\t}\r\n}\r\n',
    );
  });

  it("does not prune a created parent that still holds another entry", () => {
    const r = setJsonAt("{}", ["mcpServers", "a"], 1);
    const both = setJsonAt(r.text, ["mcpServers", "b"], 2);
    const out = removeJsonAt(both.text, ["mcpServers", "a"], { prune: r.created });
    assert.deepEqual(parseJsonText(out.text), { mcpServers: { b: 2 } });
    assert.deepEqual(out.pruned, []);
  });

  it("refuses to descend through a value that is not an object", () => {
    assert.throws(() => setJsonAt('{"env": "x"}', ["env", "A"], "1"), JsonPathConflictError);
  });

  it("names the line of a syntax error", () => {
    assert.throws(() => setJsonAt('{\n  "a": 1\n  "b": 2\n}', ["c"], 1), (err: unknown) => {
      assert.ok(err instanceof JsonSyntaxError);
      assert.equal(err.line, 3);
      return true;
    });
  });

  it("removes a missing path without touching the text", () => {
    const text = "{ /* keep */ }";
    assert.deepEqual(removeJsonAt(text, ["a", "b"]), {
      text,
      changed: false,
      created: [],
      pruned: [],
    });
  });
});

describe("upsertJsonItem and removeJsonItems", () => {
  const grok =
    '{\n  "mcp": {\n    "servers": [\n      { "id": "mine", "command": "x" }\n    ]\n  }\n}\n';

  it("appends an item keyed by id and removes it byte-exactly", () => {
    const r = upsertJsonItem(grok, ["mcp", "servers"], { id: "acme" }, {
      id: "acme",
      command: "acme",
    });
    assert.deepEqual(getJsonAt(r.text, ["mcp", "servers"]).value, [
      { id: "mine", command: "x" },
      { id: "acme", command: "acme" },
    ]);
    assert.equal(removeJsonItems(r.text, ["mcp", "servers"], { id: "acme" }).text, grok);
  });

  it("replaces the matching item in place and leaves equal items alone", () => {
    const r = upsertJsonItem(grok, ["mcp", "servers"], { id: "mine" }, {
      id: "mine",
      command: "y",
    });
    assert.equal(
      r.text,
      grok.replace(
        '{ "id": "mine", "command": "x" }',
        '{\n        "id": "mine",\n        "command": "y"\n      }',
      ),
    );
    assert.equal(
      upsertJsonItem(r.text, ["mcp", "servers"], { id: "mine" }, { command: "y", id: "mine" })
        .changed,
      false,
    );
  });

  it("matches with a predicate", () => {
    const hooks = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "acme hook"}]}]}}';
    const isOurs = (g: unknown) => JSON.stringify(g).includes("acme hook");
    const r = removeJsonItems(hooks, ["hooks", "Stop"], isOurs);
    assert.equal(r.text, '{"hooks": {"Stop": []}}');
  });

  it("creates the array and reports it so an uninstall can prune it", () => {
    const r = upsertJsonItem("{}\n", ["mcp", "servers"], { id: "a" }, { id: "a" });
    assert.deepEqual(r.created, [["mcp"], ["mcp", "servers"]]);
    assert.equal(
      removeJsonItems(r.text, ["mcp", "servers"], { id: "a" }, { prune: r.created }).text,
      "{}\n",
    );
  });

  it("round-trips items in generated arrays", () => {
    fc.assert(
      fc.property(
        layoutArb,
        fc.array(fc.record({ id: fc.string({ maxLength: 4 }), n: fc.nat() }), { maxLength: 4 }),
        (layout, items) => {
          const text = renderJsonc({ list: items }, layout);
          fc.pre(!items.some((i) => i.id === "NEW"));
          const r = upsertJsonItem(text, ["list"], { id: "NEW" }, { id: "NEW", cmd: ["a", "b"] });
          assert.equal(removeJsonItems(r.text, ["list"], { id: "NEW" }).text, text);
        },
      ),
      RUNS,
    );
  });
});

describe("a document whose root is an array (Zed's tasks.json)", () => {
  const tasks =
    '// Static tasks configuration.\r\n[\r\n\t{\r\n\t\t"label": "mine", // keep\r\n\t\t"command": "make"\r\n\t},\r\n]\r\n';

  it("appends an item in the file's own style and removes it byte-exactly", () => {
    const r = upsertJsonItem(tasks, [], { label: "acme" }, { label: "acme", command: "x" });
    assert.ok(
      r.text.startsWith(
        '// Static tasks configuration.\r\n[\r\n\t{\r\n\t\t"label": "mine", // keep',
      ),
    );
    assert.deepEqual(getJsonAt(r.text, []).value, [
      { label: "mine", command: "make" },
      { label: "acme", command: "x" },
    ]);
    assert.equal(
      upsertJsonItem(r.text, [], { label: "acme" }, { label: "acme", command: "x" }).changed,
      false,
    );
    assert.equal(removeJsonItems(r.text, [], { label: "acme" }).text, tasks);
  });

  it("creates the root array in an empty document", () => {
    assert.equal(
      upsertJsonItem("", [], { label: "a" }, { label: "a" }).text,
      '[\n  {\n    "label": "a"\n  }\n]\n',
    );
  });

  it("refuses object paths in an array document and item paths below a root array", () => {
    assert.throws(() => setJsonAt("[]", ["a"], 1), JsonPathConflictError);
    assert.throws(
      () => upsertJsonItem("[]", ["a"], { id: "x" }, { id: "x" }),
      JsonPathConflictError,
    );
    assert.throws(() => upsertJsonItem("{}", [], { id: "x" }, { id: "x" }), JsonPathConflictError);
  });

  it("refuses an object path in an array document it has just read", () => {
    // The second call finds the first one's parse of the same text.
    const text = '[{"label": "a"}]';
    assert.equal(getJsonAt(text, []).found, true);
    assert.throws(() => setJsonAt(text, ["a"], 1), JsonPathConflictError);
    assert.throws(() => removeJsonAt(text + " ", ["a"]), JsonPathConflictError);
    assert.equal((parseJsonText(text + " ") as unknown[]).length, 1);
  });
});

describe("repeated calls on the same text", () => {
  it("give the same results as the first, and a value read is the caller's own copy", () => {
    const text = '{\n  "a": {"b": [1]}\n}\n';
    const first = getJsonAt(text, ["a"]).value as { b: number[] };
    first.b.push(2);
    assert.deepEqual(getJsonAt(text, ["a"]).value, { b: [1] });
    const set = setJsonAt(text, ["a", "c"], true);
    assert.deepEqual(setJsonAt(text, ["a", "c"], true), set);
    assert.equal(removeJsonAt(set.text, ["a", "c"]).text, text);
    assert.equal(removeJsonAt(set.text, ["a", "c"]).text, text);
  });

  it("still report a syntax error every time", () => {
    for (let i = 0; i < 2; i++) {
      assert.throws(() => getJsonAt('{"a": 1,, }', ["a"]), JsonSyntaxError);
    }
  });
});
