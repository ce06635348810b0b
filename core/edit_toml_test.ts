import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  getTomlAt,
  parseTomlText,
  removeTomlItems,
  removeTomlTable,
  setTomlTable,
  TomlEditError,
  TomlSyntaxError,
  upsertTomlItem,
} from "./edit_toml.ts";
import { renderToml, tomlLayoutArb, tomlModelArb } from "../tests/_helpers/gen_toml.ts";
import { isOneInsertion } from "../tests/_helpers/text_diff.ts";

const RUNS = { numRuns: 150 };

const tableValueArb = fc.record({
  command: fc.string({ maxLength: 8 }),
  args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  env: fc.dictionary(
    fc.constantFrom("A", "B_C", "with space", "ünï"),
    fc.string({ maxLength: 6 }),
    {
      maxKeys: 2,
      noNullPrototype: true,
    },
  ),
  startup_timeout_sec: fc.constantFrom(5, 1.5, 30),
}, { requiredKeys: ["command"], noNullPrototype: true });

function validDoc(text: string): boolean {
  try {
    parseTomlText(text);
    return true;
  } catch {
    return false;
  }
}

describe("setTomlTable and removeTomlTable", () => {
  it("insert then remove gives the original bytes for generated TOML files", () => {
    fc.assert(
      fc.property(
        tomlModelArb,
        tomlLayoutArb,
        tableValueArb,
        fc.constantFrom("acme", "my.server", "x y"),
        (m, layout, value, id) => {
          const text = renderToml(m, layout);
          fc.pre(validDoc(text));
          const set = setTomlTable(text, ["mcp_servers", id], value);
          assert.deepEqual(getTomlAt(set.text, ["mcp_servers", id]).value, value);
          assert.equal(removeTomlTable(set.text, ["mcp_servers", id]).text, text);
        },
      ),
      RUNS,
    );
  });

  it("changes no byte outside the inserted block, and applying twice equals once", () => {
    fc.assert(
      fc.property(tomlModelArb, tomlLayoutArb, tableValueArb, (m, layout, value) => {
        const text = renderToml(m, layout);
        fc.pre(validDoc(text));
        const once = setTomlTable(text, ["mcp_servers", "acme"], value);
        assert.ok(isOneInsertion(text, once.text), once.text);
        assert.deepEqual(setTomlTable(once.text, ["mcp_servers", "acme"], value), {
          text: once.text,
          changed: false,
        });
      }),
      RUNS,
    );
  });

  it("updates an existing table in place and the result always parses", () => {
    fc.assert(
      fc.property(
        tomlModelArb,
        tomlLayoutArb,
        tableValueArb,
        tableValueArb,
        (m, layout, v1, v2) => {
          const text = renderToml(m, layout);
          fc.pre(validDoc(text));
          const first = setTomlTable(text, ["mcp_servers", "acme"], v1).text;
          const second = setTomlTable(first, ["mcp_servers", "acme"], v2).text;
          assert.deepEqual(getTomlAt(second, ["mcp_servers", "acme"]).value, v2);
          assert.equal(removeTomlTable(second, ["mcp_servers", "acme"]).text, text);
        },
      ),
      RUNS,
    );
  });

  it("adds a new server after its sibling tables", () => {
    const text = '[mcp_servers.a]\ncommand = "a"\n\n[profiles.x]\nmodel = "m"\n';
    assert.equal(
      setTomlTable(text, ["mcp_servers", "acme"], { command: "acme" }).text,
      '[mcp_servers.a]\ncommand = "a"\n\n[mcp_servers.acme]\ncommand = "acme"\n\n[profiles.x]\nmodel = "m"\n',
    );
  });

  it("keeps a missing final newline missing", () => {
    const set = setTomlTable("a = 1", ["t"], { b: 2 });
    assert.equal(set.text, "a = 1\n\n[t]\nb = 2");
    assert.equal(removeTomlTable(set.text, ["t"]).text, "a = 1");
  });

  it("renders strings, keys and nested tables as valid TOML", () => {
    const v = {
      'q"uote': "line\nbreak\t\\",
      list: [{ a: 1 }, { b: "x" }],
      empty: {},
      nested: { deep: { k: true } },
    };
    const set = setTomlTable("", ["mcp_servers", "odd.id"], v);
    assert.equal(
      set.text,
      '[mcp_servers."odd.id"]\n"q\\"uote" = "line\\nbreak\\t\\\\"\nlist = [{ a = 1 }, { b = "x" }]\nempty = {}\n\n' +
        '[mcp_servers."odd.id".nested]\n\n[mcp_servers."odd.id".nested.deep]\nk = true\n',
    );
    assert.deepEqual(getTomlAt(set.text, ["mcp_servers", "odd.id"]).value, v);
  });

  it("refuses a table written inline instead of rewriting it", () => {
    const text = 'mcp_servers = { acme = { command = "x" } }\n';
    assert.throws(
      () => setTomlTable(text, ["mcp_servers", "acme"], { command: "y" }),
      TomlEditError,
    );
    assert.throws(() => removeTomlTable(text, ["mcp_servers", "acme"]), TomlEditError);
    assert.throws(
      () => setTomlTable(text, ["mcp_servers", "other"], { command: "y" }),
      TomlEditError,
    );
  });

  it("reports the line of a syntax error", () => {
    assert.throws(
      () => setTomlTable("a = 1\nb = \n", ["t"], {}),
      (err: unknown) => (err as { line?: number }).line === 2,
    );
  });

  it("refuses null, which TOML cannot hold", () => {
    assert.throws(() => setTomlTable("", ["t"], { a: null }), TypeError);
  });
});

describe("upsertTomlItem and removeTomlItems", () => {
  const vibe =
    '# servers\n[[mcp_servers]]\nname = "a"\ncommand = "x"\n\n[[mcp_servers]]\nname = "b"\n[mcp_servers.env]\nK = "1"\n\n[other]\nq = 1\n';

  it("adds an entry after the last one and removes it byte-exactly", () => {
    const r = upsertTomlItem(vibe, ["mcp_servers"], { name: "acme" }, {
      name: "acme",
      command: "z",
    });
    assert.ok(
      r.text.includes('K = "1"\n\n[[mcp_servers]]\nname = "acme"\ncommand = "z"\n\n[other]'),
    );
    assert.equal(removeTomlItems(r.text, ["mcp_servers"], { name: "acme" }).text, vibe);
  });

  it("replaces a matching entry with its sub-tables in place", () => {
    const r = upsertTomlItem(vibe, ["mcp_servers"], { name: "b" }, { name: "b", command: "y" });
    assert.equal(
      r.text,
      vibe.replace('name = "b"\n[mcp_servers.env]\nK = "1"', 'name = "b"\ncommand = "y"'),
    );
    assert.equal(
      upsertTomlItem(r.text, ["mcp_servers"], { name: "b" }, { command: "y", name: "b" }).changed,
      false,
    );
  });

  it("round-trips [[hooks]] entries in generated files", () => {
    fc.assert(
      fc.property(tomlModelArb, tomlLayoutArb, (m, layout) => {
        const text = renderToml(m, layout);
        fc.pre(validDoc(text));
        const hook = {
          event: "PreToolUse",
          matcher: "Bash",
          command: "agent-connector hook kimi PreToolUse --connector acme",
        };
        const r = upsertTomlItem(text, ["hooks"], { command: hook.command }, hook);
        assert.equal(removeTomlItems(r.text, ["hooks"], { command: hook.command }).text, text);
      }),
      RUNS,
    );
  });
});

describe("parseTomlText", () => {
  it("reports a syntax error in one line naming its line, without a code frame", () => {
    for (
      const text of ["a = 1\n[mcp_servers.x\ncommand = 'a'\n", "\uFEFFa = 1\r\n[mcp_servers.x\r\n"]
    ) {
      assert.throws(
        () => parseTomlText(text),
        (e: unknown) =>
          e instanceof TomlSyntaxError && e.line === 2 && /^line 2: \S/.test(e.message) &&
          !e.message.includes("\n"),
      );
    }
    assert.throws(() => setTomlTable("[x\n", ["mcp_servers", "acme"], {}), TomlSyntaxError);
  });
});
