/**
 * Finds agent-connector marker lines in a Markdown file: line-anchored,
 * never inside a ``` or ~~~ fenced code block, paired begin/end by block
 * id. Unpaired markers are reported as strays.
 *
 * @module
 */

import { splitLines } from "./_toml_scan.ts";

/** One line of the file, with its terminator. */
export type MdLine = { content: string; eol: string };

/** A begin/end pair. */
export interface BlockPair {
  /** `<connectorId>/<name>`. */
  id: string;
  /** The `hash=` on the begin line (empty when missing). */
  hash: string;
  /** Index of the begin line. */
  begin: number;
  /** Index of the end line. */
  end: number;
}

/** What a scan found. */
export interface BlockScan {
  /** The lines. */
  lines: MdLine[];
  /** Every begin/end pair, in file order. */
  pairs: BlockPair[];
  /** Marker lines without a partner: line index and block id. */
  strays: { line: number; id: string }[];
}

const BEGIN = /^<!-- agent-connector:begin (\S+?)(?: hash=([0-9a-f]*))? -->[ \t]*$/;
const END = /^<!-- agent-connector:end (\S+) -->[ \t]*$/;

/** Splits text into lines (terminators kept). */
export function mdLines(text: string): MdLine[] {
  return splitLines(text);
}

/**
 * Scans lines for markers, skipping fenced code.
 *
 * @example
 * ```ts
 * import { mdLines, scanBlocks } from "./_block_scan.ts";
 * const text = "```\n<!-- agent-connector:end a/b -->\n```\n";
 * scanBlocks(mdLines(text)).strays; // []
 * ```
 */
export function scanBlocks(lines: MdLine[]): BlockScan {
  const marks: { line: number; kind: "begin" | "end"; id: string; hash: string }[] = [];
  let fence: { ch: string; len: number } | undefined;
  const open = new Set<string>();
  lines.forEach((l, i) => {
    // The end of a block we are inside always counts, even when the block's own
    // content left a fence open: otherwise one unbalanced fence would orphan it.
    const close = END.exec(l.content);
    if (close && open.has(close[1])) {
      marks.push({ line: i, kind: "end", id: close[1], hash: "" });
      open.delete(close[1]);
      fence = undefined;
      return;
    }
    const f = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(l.content);
    if (fence) {
      if (f && f[1][0] === fence.ch && f[1].length >= fence.len && f[2].trim() === "") {
        fence = undefined;
      }
      return;
    }
    if (f && !(f[1][0] === "`" && f[2].includes("`"))) {
      fence = { ch: f[1][0], len: f[1].length };
      return;
    }
    const b = BEGIN.exec(l.content);
    if (b) {
      marks.push({ line: i, kind: "begin", id: b[1], hash: b[2] ?? "" });
      open.add(b[1]);
    }
    if (close) marks.push({ line: i, kind: "end", id: close[1], hash: "" });
  });
  const pairs: BlockPair[] = [];
  const strays: { line: number; id: string }[] = [];
  const used = new Set<number>();
  marks.forEach((m, k) => {
    if (m.kind !== "begin" || used.has(k)) return;
    for (let j = k + 1; j < marks.length; j++) {
      const n = marks[j];
      if (n.id !== m.id || used.has(j)) continue;
      if (n.kind === "begin") break; // a second begin before any end: this one is a stray
      pairs.push({ id: m.id, hash: m.hash, begin: m.line, end: n.line });
      used.add(k);
      used.add(j);
      return;
    }
  });
  marks.forEach((m, k) => {
    if (!used.has(k)) strays.push({ line: m.line, id: m.id });
  });
  return { lines, pairs, strays };
}
