/**
 * fast-check generators of hand-written-looking TOML files: comments,
 * blank lines, quoted keys and spaced headers, multi-line arrays and
 * strings that contain header-like lines, sibling `[mcp_servers.*]`
 * tables, `[[hooks]]` entries, LF or CRLF, BOM, final newline or not.
 *
 * @module
 */

import fc from "fast-check";

/** A scalar-ish value and how it is spelled in the file. */
const valueArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -99, max: 999 }).map(String),
  fc.constantFrom("true", "false", "1.5", "-0.25", "1e3"),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
  fc.constantFrom("'C:\\path'", '"[fake.header]"', '"a # not a comment"'),
  fc.constantFrom('"""\nline one\n[not.a.header]\n"""', "'''\n[[also.not]]\n'''"),
  fc.constantFrom("[1, 2, 3]", '[\n  "x", # why\n  "[y]",\n]', '{ a = 1, b = "[z]" }', "[]"),
);

const keyArb: fc.Arbitrary<string> = fc.constantFrom(
  "model",
  "a",
  "b_2",
  "with-dash",
  '"quoted key"',
  "'lit'",
  "x",
);

/** One table body: distinct keys with values. */
const bodyArb: fc.Arbitrary<[string, string][]> = fc.uniqueArray(fc.tuple(keyArb, valueArb), {
  maxLength: 4,
  selector: ([k]) => k.replace(/["']/g, ""),
});

/** The model of a document. */
export interface TomlModel {
  /** Root keys. */
  root: [string, string][];
  /** Tables by header (already spelled). */
  tables: [string, [string, string][]][];
  /** `[[hooks]]` entries. */
  hooks: [string, string][][];
}

/** A document model. */
export const tomlModelArb: fc.Arbitrary<TomlModel> = fc.record({
  root: bodyArb,
  tables: fc.uniqueArray(
    fc.tuple(
      fc.constantFrom(
        "mcp_servers.github",
        "mcp_servers.docs",
        "mcp_servers.docs.env",
        ' mcp_servers . "odd.name" ',
        "profiles.fast",
        "features",
        "tui",
      ),
      bodyArb,
    ),
    { maxLength: 4, selector: ([h]) => h.replace(/\s/g, "") },
  ),
  hooks: fc.array(bodyArb, { maxLength: 2 }),
});

/** How it is laid out. */
export interface TomlLayout {
  /** Line ending. */
  eol: string;
  /** BOM. */
  bom: boolean;
  /** Final newline. */
  finalNewline: boolean;
  /** Decision stream for comments and blank lines. */
  noise: number[];
}

/** A layout. */
export const tomlLayoutArb: fc.Arbitrary<TomlLayout> = fc.record({
  eol: fc.constantFrom("\n", "\r\n"),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
  noise: fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 12 }),
});

/** Renders a model as TOML text. */
export function renderToml(m: TomlModel, layout: TomlLayout): string {
  let n = 0;
  const next = () => layout.noise[n++ % layout.noise.length];
  const lines: string[] = [];
  const body = (kv: [string, string][]) => {
    for (const [k, v] of kv) {
      if (next() === 1) lines.push("# about " + k.replace(/["']/g, ""));
      lines.push(`${k} = ${v}${next() === 2 ? "  # trailing" : ""}`);
    }
  };
  if (next() === 3) lines.push("# top of file", "");
  body(m.root);
  for (const [h, kv] of m.tables) {
    if (lines.length) lines.push(...(next() === 4 ? [] : [""]));
    if (next() === 5) lines.push("# section " + h.trim());
    lines.push(`[${h}]`);
    body(kv);
  }
  for (const kv of m.hooks) {
    if (lines.length) lines.push("");
    lines.push("[[hooks]]");
    body(kv);
  }
  const text = lines.join("\n").replace(/\n/g, layout.eol);
  return (layout.bom ? "\uFEFF" : "") + text + (layout.finalNewline && text ? layout.eol : "");
}
