/**
 * fast-check generators of hand-written-looking YAML files: comments,
 * blank lines, 2- or 4-space indentation, indented or flush sequences,
 * flow collections, quoted strings and block scalars whose lines look like
 * keys or comments, LF or CRLF, BOM, final newline or not.
 *
 * @module
 */

import fc from "fast-check";

const scalarArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -9, max: 999 }).map(String),
  fc.constantFrom(
    "true",
    "false",
    "~",
    "1.5",
    "plain words",
    "'single # quoted'",
    '"double: quoted"',
  ),
  fc.constantFrom("[]", "{}", "[a, b]", "{x: 1, y: [2]}"),
);

const keyArb: fc.Arbitrary<string> = fc.constantFrom(
  "name",
  "model",
  "a",
  "b_2",
  "with-dash",
  "'quoted key'",
  "cmd",
);

/** A document model: top-level keys with scalars, maps or lists of maps. */
export interface YamlModel {
  /** Top-level entries. */
  top: [string, Entry][];
}

type Entry =
  | { t: "scalar"; v: string }
  | { t: "block"; v: string }
  | { t: "map"; v: [string, string][] }
  | { t: "list"; v: [string, string][][] };

const pairsArb = fc.uniqueArray(fc.tuple(keyArb, scalarArb), {
  minLength: 1,
  maxLength: 3,
  selector: ([k]) => k,
});

const entryArb: fc.Arbitrary<Entry> = fc.oneof(
  scalarArb.map((v): Entry => ({ t: "scalar", v })),
  fc.constantFrom("|\n  # not a comment\n  key: not a key\n", ">-\n  folded\n  text\n").map((
    v,
  ): Entry => ({ t: "block", v })),
  pairsArb.map((v): Entry => ({ t: "map", v })),
  fc.array(pairsArb, { minLength: 1, maxLength: 3 }).map((v): Entry => ({ t: "list", v })),
);

/** A model whose top-level keys are unique. */
export const yamlModelArb: fc.Arbitrary<YamlModel> = fc.record({
  top: fc.uniqueArray(
    fc.tuple(
      fc.constantFrom(
        "extensions",
        "mcp_servers",
        "models",
        "mcpServers",
        "GOOSE_MODEL",
        "rules",
        "version",
      ),
      entryArb,
    ),
    { maxLength: 5, selector: ([k]) => k },
  ),
});

/** How it is laid out. */
export interface YamlLayout {
  /** Spaces per level. */
  unit: number;
  /** Lists under a key are indented. */
  indentSeq: boolean;
  /** Line ending. */
  eol: string;
  /** BOM. */
  bom: boolean;
  /** Final newline. */
  finalNewline: boolean;
  /** Decisions for comments and blank lines. */
  noise: number[];
}

/** A layout. */
export const yamlLayoutArb: fc.Arbitrary<YamlLayout> = fc.record({
  unit: fc.constantFrom(2, 4),
  indentSeq: fc.boolean(),
  eol: fc.constantFrom("\n", "\r\n"),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
  noise: fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 10 }),
});

/** Renders a model as YAML text. */
export function renderYaml(m: YamlModel, l: YamlLayout): string {
  let n = 0;
  const next = () => l.noise[n++ % l.noise.length];
  const ind = (k: number) => " ".repeat(l.unit * k);
  const lines: string[] = [];
  if (next() === 1) lines.push("# config written by hand", "");
  for (const [key, e] of m.top) {
    if (next() === 2) lines.push(`# about ${key}`);
    if (e.t === "scalar") lines.push(`${key}: ${e.v}${next() === 3 ? "  # note" : ""}`);
    else if (e.t === "block") {
      lines.push(`${key}: ${e.v.replace(/\n {2}/g, "\n" + ind(1)).trimEnd()}`);
    } else if (e.t === "map") {
      lines.push(`${key}:`);
      for (const [k, v] of e.v) {
        if (next() === 4) lines.push(`${ind(1)}# inside`);
        lines.push(`${ind(1)}${k}: ${v}`);
      }
    } else {
      lines.push(`${key}:`);
      const dash = l.indentSeq ? ind(1) : "";
      for (const item of e.v) {
        item.forEach(([k, v], i) => lines.push(`${i === 0 ? dash + "- " : dash + "  "}${k}: ${v}`));
      }
    }
    if (next() === 5) lines.push("");
  }
  const text = lines.join("\n").replace(/\n/g, l.eol);
  return (l.bom ? "\uFEFF" : "") + text + (l.finalNewline && text ? l.eol : "");
}
