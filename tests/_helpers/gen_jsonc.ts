/**
 * fast-check generators of JSONC documents in many hand-written styles:
 * indentation (1, 2, 4 spaces, tabs), LF or CRLF, BOM, final newline or not,
 * trailing commas, line and block comments, inline (compact) nesting.
 *
 * @module
 */

import fc from "fast-check";

/** A JSON value tree (objects keep insertion order). */
export type Tree = null | boolean | number | string | Tree[] | { [k: string]: Tree };

/** Keys, including awkward ones (dots, spaces, unicode). */
export const keyArb: fc.Arbitrary<string> = fc.constantFrom(
  "a",
  "b",
  "mcpServers",
  "servers",
  "amp.mcpServers",
  "with space",
  "ünï",
  "$x",
  "env",
  "hooks",
  "z9",
);

const leafArb: fc.Arbitrary<Tree> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 8 }),
);

/** A value tree of bounded depth. */
export const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    fc.array(tie("tree"), { maxLength: 3 }),
    fc.dictionary(keyArb, tie("tree"), { maxKeys: 4, noNullPrototype: true }),
  ),
})).tree;

/** A root object. */
export const rootArb: fc.Arbitrary<Record<string, Tree>> = fc.dictionary(keyArb, treeArb, {
  maxKeys: 5,
  noNullPrototype: true,
});

/** How a document is laid out. */
export interface Layout {
  /** Indentation step. */
  unit: string;
  /** Line ending. */
  eol: string;
  /** Starts with a BOM. */
  bom: boolean;
  /** Ends with a line break. */
  finalNewline: boolean;
  /** Depth from which containers are written on one line. */
  inlineFrom: number;
  /** Decision stream for comments and trailing commas. */
  noise: number[];
}

/** A layout. */
export const layoutArb: fc.Arbitrary<Layout> = fc.record({
  unit: fc.constantFrom("  ", "    ", "\t", " "),
  eol: fc.constantFrom("\n", "\r\n"),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
  inlineFrom: fc.integer({ min: 0, max: 4 }),
  noise: fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 16 }),
});

/** Renders `root` in `layout` as JSONC text. */
export function renderJsonc(root: Record<string, Tree>, layout: Layout): string {
  let n = 0;
  const next = () => layout.noise[n++ % layout.noise.length];
  const render = (v: Tree, depth: number, indent: string): string => {
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    const entries: [string | undefined, Tree][] = Array.isArray(v)
      ? v.map((x) => [undefined, x])
      : Object.entries(v);
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return open + (next() === 0 ? " " : "") + close;
    const member = ([k, x]: [string | undefined, Tree], ind: string) =>
      (k === undefined ? "" : JSON.stringify(k) + (next() === 1 ? ":" : ": ")) +
      render(x, depth + 1, ind);
    if (depth >= layout.inlineFrom) {
      return open + entries.map((e) => member(e, indent)).join(next() === 2 ? "," : ", ") + close;
    }
    const inner = indent + layout.unit;
    const lines: string[] = [];
    entries.forEach((e, i) => {
      if (next() === 3) lines.push(inner + "// about the next one");
      const last = i === entries.length - 1;
      const comma = last ? (next() === 4 ? "," : "") : ",";
      const tail = next() === 5 ? " // note" : next() === 6 ? " /* block */" : "";
      lines.push(inner + member(e, inner) + comma + tail);
    });
    if (next() === 7) lines.push(inner + "/* closing remark */");
    return open + layout.eol + lines.join(layout.eol) + layout.eol + indent + close;
  };
  const body = render(root, 0, "");
  return (layout.bom ? "\uFEFF" : "") + body + (layout.finalNewline ? layout.eol : "");
}

/** Every object path in a tree (the root is `[]`). */
export function objectPaths(v: Tree, prefix: string[] = []): string[][] {
  if (!v || typeof v !== "object" || Array.isArray(v)) return [];
  const out = [prefix];
  for (const [k, x] of Object.entries(v)) out.push(...objectPaths(x, [...prefix, k]));
  return out;
}
