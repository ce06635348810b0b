// Differential tests: core/jsonc.ts against the jsonc-parser package (a
// test-only dependency) on generated JSONC, broken variants of it, random
// character soup and every text fixture of the repository. Trees (types,
// offsets, lengths, colon offsets, values, parent links), error lists, values
// and path lookups must be equal.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import * as theirs from "jsonc-parser";
import {
  ErrorCode,
  errorName,
  findNodeAtLocation,
  getNodeValue,
  type JsonNode,
  type ParseError,
  parseJsonc,
  parseTree,
} from "./jsonc.ts";

const OPTIONS = { allowTrailingComma: true, disallowComments: false };
const RUNS = Number(process.env.JSONC_DIFF_RUNS ?? 300);

type AnyNode = JsonNode | theirs.Node;

/** A node without parent links, for structural comparison. */
function shape(n: AnyNode | undefined): unknown {
  if (!n) return n;
  const out: Record<string, unknown> = { type: n.type, offset: n.offset, length: n.length };
  if (n.children) out.children = n.children.map(shape);
  if ("value" in n) out.value = describeValue(n.value);
  if (n.colonOffset !== undefined) out.colonOffset = n.colonOffset;
  return out;
}

/** Every node's children point back at it; the root has no parent. */
function assertLinked(n: JsonNode, parent: JsonNode | undefined): void {
  assert.equal(n.parent, parent);
  for (const c of n.children ?? []) assertLinked(c, n);
}

/** A value as text that tells -0, Infinity and own `__proto__` members apart, prototype aside. */
function describeValue(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (Array.isArray(v)) return `[${v.map(describeValue).join(",")}]`;
  if (v && typeof v === "object") {
    const members = Object.keys(v).map((k) =>
      `${JSON.stringify(k)}:${describeValue((v as Record<string, unknown>)[k])}`
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(v) ?? "undefined";
}

/** All key/index paths of a tree (plus a missing one per object), for lookups. */
function pathsOf(n: JsonNode, prefix: (string | number)[], out: (string | number)[][]): void {
  out.push(prefix);
  if (n.type === "object") {
    out.push([...prefix, "\u0000missing"]);
    for (const p of n.children!) {
      if (p.children!.length === 2) {
        pathsOf(p.children![1], [...prefix, p.children![0].value as string], out);
      }
    }
  } else if (n.type === "array") {
    out.push([...prefix, n.children!.length], [...prefix, -1]);
    n.children!.forEach((c, i) => pathsOf(c, [...prefix, i], out));
  }
}

function assertSame(text: string): void {
  const ourErrors: ParseError[] = [];
  const theirErrors: theirs.ParseError[] = [];
  const ours = parseTree(text, ourErrors);
  const their = theirs.parseTree(text, theirErrors, OPTIONS);
  assert.deepEqual(shape(ours), shape(their), `tree of ${JSON.stringify(text)}`);
  assert.deepEqual(ourErrors, theirErrors, `errors of ${JSON.stringify(text)}`);
  if (!ours || !their) return;
  assertLinked(ours, undefined);
  assert.equal(describeValue(getNodeValue(ours)), describeValue(theirs.getNodeValue(their)));
  const value = parseJsonc(text);
  assert.equal(describeValue(value), describeValue(getNodeValue(ours)));
  // jsonc-parser's parse() lets a "__proto__" member set the prototype; ours keeps it a member.
  if (!text.includes("__proto__")) {
    assert.equal(describeValue(value), describeValue(theirs.parse(text, [], OPTIONS)));
  }
  const paths: (string | number)[][] = [];
  pathsOf(ours, [], paths);
  for (const path of paths) {
    assert.deepEqual(
      shape(findNodeAtLocation(ours, path)),
      shape(theirs.findNodeAtLocation(their, path)),
      `node at ${JSON.stringify(path)} in ${JSON.stringify(text)}`,
    );
  }
}

// ---- generators -------------------------------------------------------------

const trivia = fc.array(
  fc.constantFrom(
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "// note\n",
    "// x\r\n",
    "/* c */",
    "/*\n*/",
  ),
  { maxLength: 3 },
).map((parts) => parts.join(""));

const key = fc.oneof(
  fc.constantFrom("a", "b", "mcpServers", "__proto__", "constructor", "1", "0", "", "a.b"),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 4 }),
);

function quote(s: string, escapeUnicode: boolean): string {
  const json = JSON.stringify(s);
  if (!escapeUnicode) return json;
  return json.replace(
    /[^\x20-\x7e]|[a-z]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
}

const stringLit = fc.tuple(key, fc.boolean()).map(([s, u]) => quote(s, u));
const numberLit = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true }).map((d) => (Number.isFinite(d) ? String(d) : "1e999")),
  fc.constantFrom("0", "-0", "1.5e3", "1E-2", "2e+10", "-12.25", "1e400"),
);
const scalar = fc.oneof(stringLit, numberLit, fc.constantFrom("true", "false", "null"));

const { doc } = fc.letrec<{ doc: string; value: string; object: string; array: string }>((tie) => ({
  doc: fc.tuple(trivia, tie("value"), trivia).map(([a, v, b]) => a + v + b),
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    tie("object"),
    tie("array"),
  ),
  object: fc.tuple(
    fc.array(fc.tuple(trivia, stringLit, trivia, trivia, tie("value"), trivia), { maxLength: 5 }),
    fc.boolean(),
    trivia,
  ).map(([members, trailing, end]) => {
    const body = members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(",");
    return `{${body}${trailing && members.length ? "," : ""}${end}}`;
  }),
  array: fc.tuple(
    fc.array(fc.tuple(trivia, tie("value"), trivia), { maxLength: 5 }),
    fc.boolean(),
    trivia,
  )
    .map(([items, trailing, end]) => {
      const body = items.map(([a, v, b]) => a + v + b).join(",");
      return `[${body}${trailing && items.length ? "," : ""}${end}]`;
    }),
}));

const deep = fc.integer({ min: 1, max: 300 }).map((n) =>
  '{"a":'.repeat(n) + "[".repeat(n) + "1" + "]".repeat(n) + "}".repeat(n)
);

/** Characters that matter to a JSONC scanner, and a few that do not. */
const SOUP = [
  ...'{}[]:,"\\/*-+.0159eEuntrfals \t\r\nx\u00a0\uFEFF\u2028\u0001',
  "true",
  "null",
  "//",
  "/*",
  "*/",
  "\\u12",
  "\\u00e9",
];
const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 40 }).map((p) => p.join(""));

/** A valid document broken by a cut, an insertion or a truncation. */
const broken = fc.tuple(doc, fc.nat(), fc.nat(), fc.constantFrom(...SOUP), fc.nat(2)).map(
  ([text, a, b, insert, how]) => {
    const i = a % (text.length + 1);
    const j = Math.min(text.length, i + (b % 4));
    if (how === 0) return text.slice(0, i) + text.slice(j);
    if (how === 1) return text.slice(0, i) + insert + text.slice(i);
    return text.slice(0, i);
  },
);

// ---- tests ------------------------------------------------------------------

describe("jsonc parser agrees with jsonc-parser", () => {
  it("on generated JSONC with comments, trailing commas, CRLF, escapes and duplicate keys", () => {
    fc.assert(fc.property(doc, (text) => assertSame(text)), { numRuns: RUNS });
  });

  it("on broken JSONC: cut, extended or truncated documents", () => {
    fc.assert(fc.property(broken, (text) => assertSame(text)), { numRuns: RUNS * 2 });
  });

  it("on random soups of the characters a JSONC scanner cares about", () => {
    fc.assert(fc.property(soup, (text) => assertSame(text)), { numRuns: RUNS * 2 });
  });

  it("on deep nesting", () => {
    fc.assert(fc.property(deep, (text) => assertSame(text)), { numRuns: 20 });
  });

  it("on edge cases of open comments, strings and numbers at the end of the text", () => {
    for (
      const text of [
        "",
        " ",
        "/*",
        "/*x",
        "/*\r\n",
        "{} /*\r\n",
        "{}/*",
        "{/*",
        "[1 /* \r\n",
        '"',
        '"\\',
        '"\\u12',
        '"a\nb"',
        '"\u0001"',
        "-",
        "-a",
        "1.",
        "1.e5",
        "1e",
        "1e+",
        "01",
        "[,]",
        "{,}",
        "{:}",
        '{"a"}',
        '{"a":}',
        '{"a" "b": 1}',
        '{"a": 1 "b": 2}',
        "[1 2]",
        "[}",
        "{]",
        "1 2",
        "{} x",
        "truex",
        '{"__proto__": {"polluted": 1}, "__proto__": 2}',
        "\uFEFF{}",
      ]
    ) assertSame(text);
  });

  it("on every text fixture of the repository", () => {
    const root = fileURLToPath(new URL("../tests/fixtures/", import.meta.url));
    let files = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else {
          const text = readFileSync(path, "utf8");
          if (text.includes("\u0000")) continue;
          assertSame(text.replace(/^\uFEFF/, ""));
          files++;
        }
      }
    };
    walk(root);
    assert.ok(files > 100, `only ${files} fixtures read`);
  });

  it("names error codes as jsonc-parser does", () => {
    for (const code of Object.values(ErrorCode)) {
      assert.equal(errorName(code), theirs.printParseErrorCode(code));
    }
    assert.equal(errorName(99), theirs.printParseErrorCode(99 as theirs.ParseErrorCode));
  });
});

describe("jsonc values", () => {
  it("are ordinary objects, with a __proto__ key kept as an own member", () => {
    // Node's Object.prototype.__proto__ setter, which a plain assignment
    // calls, sets the prototype; Deno's does not. Use Node's behaviour on both.
    const original = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__")!;
    Object.defineProperty(Object.prototype, "__proto__", {
      get(this: object) {
        return Object.getPrototypeOf(this);
      },
      set(this: object, proto: object | null) {
        if (proto === null || typeof proto === "object") Object.setPrototypeOf(this, proto);
      },
      configurable: true,
    });
    try {
      const text = '{"__proto__": {"polluted": true}, "a": {"b": []}}';
      const v = parseJsonc(text) as Record<string, unknown>;
      assert.equal(Object.getPrototypeOf(v), Object.prototype);
      assert.equal(Object.getPrototypeOf(v.a), Object.prototype);
      assert.deepEqual(Object.keys(v), ["__proto__", "a"]);
      assert.equal((v as { polluted?: unknown }).polluted, undefined);
      assert.equal(JSON.stringify(v), JSON.stringify(JSON.parse(text)));
    } finally {
      Object.defineProperty(Object.prototype, "__proto__", original);
    }
  });
});
