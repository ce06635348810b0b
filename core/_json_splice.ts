/**
 * Text-level insertion and removal of one member (object property or array
 * item) in JSON/JSONC, chosen so that removing what we inserted gives the
 * original bytes back. Positions come from core/jsonc.ts's syntax tree; the
 * text around them is never reformatted.
 *
 * @module
 */

import type { JsonNode as Node } from "./jsonc.ts";
import { indentAt, lineStart, startsLine } from "./text_format.ts";

/** How new members are laid out in this file. */
export interface JsonStyle {
  /** One indentation step (`"  "`, `"    "`, `"\t"`). */
  unit: string;
  /** The file's line ending. */
  eol: string;
}

/** One replacement of `text.slice(start, end)` by `insert`. */
export interface TextEdit {
  /** Start offset. */
  start: number;
  /** End offset (exclusive). */
  end: number;
  /** Replacement text. */
  insert: string;
}

/** Applies non-overlapping edits (any order) to `text`. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

/** The end offset of a node. */
export function nodeEnd(n: Node): number {
  return n.offset + n.length;
}

/** Skips whitespace and comments from `pos`; returns the next significant offset. */
export function skipTrivia(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\r" || c === "\n") i++;
    else if (text.startsWith("//", i)) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else break;
  }
  return i;
}

/**
 * From `pos`, skips blanks, an optional comma, blanks and an optional line
 * comment; returns the offset just past the line break when nothing else
 * follows on the line, else -1.
 */
function restOfLineEnd(text: string, pos: number, allowComma: boolean): number {
  let i = pos;
  while (text[i] === " " || text[i] === "\t") i++;
  if (allowComma && text[i] === ",") {
    i++;
    while (text[i] === " " || text[i] === "\t") i++;
  }
  if (text.startsWith("//", i)) {
    const nl = text.indexOf("\n", i);
    return nl < 0 ? text.length : nl + 1;
  }
  if (text.startsWith("\r\n", i)) return i + 2;
  if (text[i] === "\n") return i + 1;
  return i >= text.length ? text.length : -1;
}

/** Renders `value` as JSON indented for a member whose line starts with `indent`. */
export function renderJson(value: unknown, indent: string, style: JsonStyle): string {
  return JSON.stringify(value, null, style.unit).replace(/\n/g, style.eol + indent);
}

function memberText(key: string | undefined, body: string, colon: string): string {
  return key === undefined ? body : JSON.stringify(key) + colon + body;
}

function colonOf(text: string, members: Node[]): string {
  for (const m of members) {
    if (m.type === "property" && m.children?.length === 2 && m.colonOffset !== undefined) {
      const after = text.slice(m.colonOffset + 1, m.children[1].offset);
      return /^[ \t]*$/.test(after) ? ":" + after : ": ";
    }
  }
  return ": ";
}

/**
 * Inserts a member at the end of `container` (an object or array node).
 *
 * @param key The property name, or `undefined` for an array item.
 */
export function insertMember(
  text: string,
  container: Node,
  key: string | undefined,
  value: unknown,
  style: JsonStyle,
): TextEdit[] {
  const members = container.children ?? [];
  const open = container.offset + 1;
  const close = nodeEnd(container) - 1;
  const colon = colonOf(text, members);
  if (members.length === 0) {
    const inner = text.slice(open, close);
    const holder = container.parent?.type === "property" ? container.parent : container;
    const pretty = container.parent === undefined || startsLine(text, holder.offset);
    const parentIndent = indentAt(text, holder.offset);
    const indent = parentIndent + style.unit;
    if (inner.trim() !== "" && startsLine(text, close)) {
      // Only comments inside: our member goes on its own line before the closing bracket.
      const body = memberText(key, renderJson(value, indent, style), colon);
      return [{
        start: lineStart(text, close),
        end: lineStart(text, close),
        insert: indent + body + style.eol,
      }];
    }
    if (!pretty) {
      return [{ start: open, end: open, insert: memberText(key, JSON.stringify(value), colon) }];
    }
    const body = memberText(key, renderJson(value, indent, style), colon);
    const tail = inner === "" ? style.eol + parentIndent : "";
    return [{ start: open, end: open, insert: style.eol + indent + body + tail }];
  }
  const last = members[members.length - 1];
  const lastEnd = nodeEnd(last);
  const after = skipTrivia(text, lastEnd);
  const trailingComma = text[after] === ",";
  const lineEnd = startsLine(text, last.offset) ? restOfLineEnd(text, lastEnd, true) : -1;
  if (lineEnd >= 0 && lineEnd > lastEnd && text[lineEnd - 1] === "\n") {
    const indent = indentAt(text, last.offset);
    const body = memberText(key, renderJson(value, indent, style), colon);
    if (trailingComma) {
      return [{ start: lineEnd, end: lineEnd, insert: indent + body + "," + style.eol }];
    }
    return [
      { start: lastEnd, end: lastEnd, insert: "," },
      { start: lineEnd, end: lineEnd, insert: indent + body + style.eol },
    ];
  }
  let sep = ", ";
  if (members.length >= 2) {
    const between = text.slice(nodeEnd(members[members.length - 2]), last.offset);
    if (/^[ \t]*,[ \t]*$/.test(between)) sep = between.replace(/^[ \t]*/, "");
  } else if (!/[\n ]/.test(text.slice(container.offset, nodeEnd(container)))) sep = ",";
  const body = memberText(key, JSON.stringify(value), colon);
  return [{ start: lastEnd, end: lastEnd, insert: sep + body }];
}

/** Removes member `index` of `container`, with its comma and (when it owns them) its lines. */
export function removeMember(text: string, container: Node, index: number): TextEdit[] {
  const members = container.children ?? [];
  const m = members[index];
  const start = m.offset;
  const end = nodeEnd(m);
  const afterM = skipTrivia(text, end);
  const hasComma = text[afterM] === ",";
  const isLast = index === members.length - 1;
  if (members.length === 1) {
    const open = container.offset + 1;
    const close = nodeEnd(container) - 1;
    const before = text.slice(open, start);
    const stop = hasComma ? afterM + 1 : end;
    const after = text.slice(stop, close);
    const ours = before === "" || before === "\n" + indentAt(text, start) ||
      before === "\r\n" + indentAt(text, start);
    if (ours) {
      const holder = container.parent?.type === "property" ? container.parent : container;
      const collapse = after === "\n" + indentAt(text, holder.offset) ||
        after === "\r\n" + indentAt(text, holder.offset);
      return [{ start: open, end: collapse ? close : stop, insert: "" }];
    }
  }
  const lineEnd = startsLine(text, start) ? restOfLineEnd(text, end, hasComma) : -1;
  if (lineEnd >= 0 && (lineEnd > end || end === text.length)) {
    const edits: TextEdit[] = [{ start: lineStart(text, start), end: lineEnd, insert: "" }];
    if (isLast && !hasComma && index > 0) {
      const comma = skipTrivia(text, nodeEnd(members[index - 1]));
      if (text[comma] === ",") edits.push({ start: comma, end: comma + 1, insert: "" });
    }
    return edits;
  }
  if (!isLast) return [{ start, end: members[index + 1].offset, insert: "" }];
  if (index > 0) return [{ start: nodeEnd(members[index - 1]), end, insert: "" }];
  return [{ start, end: hasComma ? afterM + 1 : end, insert: "" }];
}

/** Replaces the value node `value` by `next`, rendered for the line it sits on. */
export function replaceValue(
  text: string,
  value: Node,
  next: unknown,
  style: JsonStyle,
): TextEdit[] {
  const holder = value.parent?.type === "property" ? value.parent : value;
  const pretty = startsLine(text, holder.offset);
  const insert = pretty
    ? renderJson(next, indentAt(text, holder.offset), style)
    : JSON.stringify(next);
  return [{ start: value.offset, end: nodeEnd(value), insert }];
}
