/**
 * Finds where a YAML map entry or sequence item lives in the text (the
 * lines or characters it spans) and where a new one would go, from the
 * `yaml` package's node ranges. Pure offsets; edit_yaml.ts does the splicing.
 *
 * @module
 */

import { isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair } from "yaml";
import { lineStart, nextLineStart } from "./text_format.ts";

/** How the file indents. */
export interface YamlStyle {
  /** One indentation step. */
  unit: number;
  /** Block sequences under a key are indented (`key:\n  - a`) rather than not (`key:\n- a`). */
  indentSeq: boolean;
}

/** Where new members of a collection go. */
export type Container =
  | { kind: "block"; insertAt: number; indent: string }
  | { kind: "flow"; open: number; lastEnd?: number };

/** An existing member: its whole lines (block) or its characters (flow). */
export interface Member {
  /** Start offset of what removal takes out. */
  start: number;
  /** End offset of what removal takes out. */
  end: number;
  /** Start of the member's own text (what a replacement starts at). */
  ownStart: number;
  /** End of the member's own text. */
  ownEnd: number;
  /** Its indentation (block only). */
  indent: string;
  /** True inside a flow collection. */
  flow: boolean;
}

/** Where a path leads. */
export type Located =
  | { kind: "found"; member: Member; node: Node | null; pair: Pair }
  | { kind: "missing"; depth: number; container: Container }
  | { kind: "blocked"; reason: string };

function col(b: string, offset: number): string | undefined {
  const lead = b.slice(lineStart(b, offset), offset);
  return /^[ \t]*$/.test(lead) ? lead : undefined;
}

/** The end (next line start) of content ending at `valueEnd`. */
export function contentEnd(b: string, valueEnd: number): number {
  return valueEnd > 0 && b[valueEnd - 1] === "\n" ? valueEnd : nextLineStart(b, valueEnd);
}

function pairEnd(p: Pair): number {
  const v = p.value as Node | null;
  return v?.range ? v.range[1] : (p.key as Node).range![1];
}

function keyOf(p: unknown): string | undefined {
  return isPair(p) && isScalar(p.key) ? String(p.key.value) : undefined;
}

/** Detects the indentation step and sequence style of a document. */
export function yamlStyle(b: string, root: Node | null): YamlStyle {
  let unit: number | undefined;
  let indentSeq: boolean | undefined;
  const visit = (n: unknown) => {
    if (!isMap(n) || n.flow) return;
    for (const p of n.items) {
      const k = (p.key as Node).range![0];
      const v = p.value as Node | null;
      if (isMap(v) && !v.flow && v.items.length && unit === undefined) {
        unit = (v.items[0].key as Node).range![0] -
          lineStart(b, (v.items[0].key as Node).range![0]) -
          (k - lineStart(b, k));
      }
      if (isSeq(v) && !v.flow && indentSeq === undefined) {
        const dash = b.lastIndexOf("-", v.range![0]);
        indentSeq = dash - lineStart(b, dash) > k - lineStart(b, k);
      }
      visit(v);
    }
  };
  visit(root);
  return { unit: unit && unit > 0 ? unit : 2, indentSeq: indentSeq ?? true };
}

/** Where new members of `node` (a map or sequence, or the empty value of `holder`) go. */
export function containerOf(
  b: string,
  node: Node | null,
  holder: Pair | null,
  style: YamlStyle,
  seq: boolean,
): Container | string {
  if ((isMap(node) && !seq) || (isSeq(node) && seq)) {
    const items = node.items as unknown[];
    if (node.flow) {
      const last = items[items.length - 1];
      const lastEnd = last === undefined
        ? undefined
        : isPair(last)
        ? pairEnd(last)
        : (last as Node).range![1];
      return { kind: "flow", open: node.range![0], lastEnd };
    }
    const first = items[0];
    const firstStart = isPair(first) ? (first.key as Node).range![0] : (first as Node).range![0];
    const indent = col(b, seq ? b.lastIndexOf("-", firstStart) : firstStart);
    if (indent === undefined) return "it shares a line with other content";
    const last = items[items.length - 1];
    return {
      kind: "block",
      insertAt: contentEnd(b, isPair(last) ? pairEnd(last) : (last as Node).range![1]),
      indent,
    };
  }
  if (node === null && holder === null) return { kind: "block", insertAt: b.length, indent: "" };
  if (isScalar(node) && node.value === null && holder && node.range![0] === node.range![1]) {
    const keyStart = (holder.key as Node).range![0];
    const keyIndent = col(b, keyStart);
    if (keyIndent === undefined) return "it shares a line with other content";
    const step = seq && !style.indentSeq ? "" : " ".repeat(style.unit);
    return {
      kind: "block",
      insertAt: nextLineStart(b, (holder.key as Node).range![1]),
      indent: keyIndent + step,
    };
  }
  return seq ? "it is not a list" : "it is not a map";
}

/** The span of member `i` of a collection (a pair of a map, an item of a sequence). */
export function memberAt(b: string, coll: Node, i: number): Member | string {
  const items = (isMap(coll) || isSeq(coll) ? coll.items : []) as unknown[];
  const it = items[i];
  const start = isPair(it) ? (it.key as Node).range![0] : (it as Node).range![0];
  const end = isPair(it) ? pairEnd(it) : (it as Node).range![1];
  if ((coll as { flow?: boolean }).flow) {
    const next = items[i + 1];
    const nextStart = next === undefined
      ? undefined
      : isPair(next)
      ? (next.key as Node).range![0]
      : (next as Node).range![0];
    const prev = items[i - 1];
    const prevEnd = prev === undefined
      ? undefined
      : isPair(prev)
      ? pairEnd(prev)
      : (prev as Node).range![1];
    const [s, e] = nextStart !== undefined
      ? [start, nextStart]
      : prevEnd !== undefined
      ? [prevEnd, end]
      : [start, end];
    return { start: s, end: e, ownStart: start, ownEnd: end, indent: "", flow: true };
  }
  const lead = isPair(it) ? start : b.lastIndexOf("-", start);
  const indent = col(b, lead);
  if (indent === undefined) return "it shares a line with other content";
  return {
    start: lineStart(b, lead),
    end: contentEnd(b, end),
    ownStart: lineStart(b, lead),
    ownEnd: contentEnd(b, end),
    indent,
    flow: false,
  };
}

/** Follows `path` through maps from `root`. */
export function locate(
  b: string,
  root: Node | null,
  path: readonly string[],
  style: YamlStyle,
): Located {
  let node: Node | null = root;
  let holder: Pair | null = null;
  for (let depth = 0; depth < path.length; depth++) {
    if (isAlias(node)) {
      return { kind: "blocked", reason: `"${path.slice(0, depth).join(".")}" is an alias` };
    }
    const idx = isMap(node) ? node.items.findLastIndex((p) => keyOf(p) === path[depth]) : -1;
    if (idx < 0) {
      const c = containerOf(b, node, holder, style, false);
      if (typeof c === "string") {
        return {
          kind: "blocked",
          reason: `"${path.slice(0, depth).join(".") || "the document"}": ${c}`,
        };
      }
      return { kind: "missing", depth, container: c };
    }
    const pair = (node as { items: Pair[] }).items[idx];
    if (depth === path.length - 1) {
      const m = memberAt(b, node!, idx);
      if (typeof m === "string") return { kind: "blocked", reason: `"${path.join(".")}": ${m}` };
      return { kind: "found", member: m, node: (pair.value as Node | null) ?? null, pair };
    }
    holder = pair;
    node = (pair.value as Node | null) ?? null;
  }
  return { kind: "blocked", reason: "empty path" };
}
