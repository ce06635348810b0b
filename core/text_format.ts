/**
 * The byte-level conventions of a text file that every format-preserving
 * edit keeps: byte-order mark, line ending, final newline, indentation.
 *
 * @module
 */

/** The UTF-8 byte-order mark as it appears in a decoded string. */
export const BOM = "\uFEFF";

/** A file's text split from its byte-order mark. */
export interface SplitText {
  /** True when the file starts with a BOM. */
  bom: boolean;
  /** The text after the BOM. */
  body: string;
}

/**
 * Separates a leading byte-order mark from the text.
 *
 * @param text The decoded file.
 * @returns The body and whether a BOM preceded it.
 * @example
 * ```ts
 * import { splitBom } from "./text_format.ts";
 * splitBom("\uFEFF{}").bom; // true
 * ```
 */
export function splitBom(text: string): SplitText {
  return text.startsWith(BOM) ? { bom: true, body: text.slice(1) } : { bom: false, body: text };
}

/** Puts the BOM back when the original had one. */
export function joinBom(split: Pick<SplitText, "bom">, body: string): string {
  return split.bom ? BOM + body : body;
}

/**
 * Returns the line ending a file uses: the first one found, else `fallback`.
 *
 * @param text The file text.
 * @param fallback Used when the text has no line break.
 * @returns `"\r\n"` or `"\n"`.
 */
export function detectEol(text: string, fallback: "\n" | "\r\n" = "\n"): "\n" | "\r\n" {
  const i = text.indexOf("\n");
  if (i < 0) return fallback;
  return i > 0 && text[i - 1] === "\r" ? "\r\n" : "\n";
}

/** Rewrites every LF (not already preceded by CR) as `eol`. */
export function withEol(text: string, eol: "\n" | "\r\n"): string {
  const lf = text.replace(/\r\n/g, "\n");
  return eol === "\n" ? lf : lf.replace(/\n/g, "\r\n");
}

/** Returns the offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** Returns the offset just past the line break ending the line at `offset` (or text end). */
export function nextLineStart(text: string, offset: number): number {
  const i = text.indexOf("\n", offset);
  return i < 0 ? text.length : i + 1;
}

/** Returns the 1-based line number of `offset`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Returns the leading spaces and tabs of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  const m = /^[ \t]*/.exec(text.slice(start, offset));
  return m ? m[0] : "";
}

/** True when only spaces and tabs precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}

/**
 * A structured file with a key twice in one object or map: hosts read only
 * one of them, so the engine edits neither (#19). `line` is the second
 * occurrence; `firstLine` the first, when known.
 */
export class DuplicateKeyError extends SyntaxError {
  /** 1-based line of the second occurrence. */
  readonly line: number;
  /** 1-based line of the first occurrence, when known. */
  readonly firstLine?: number;
  /** The key, when known. */
  readonly key?: string;
  /** Builds the error; its message starts with `line <n>: `. */
  constructor(line: number, key?: string, firstLine?: number) {
    super(
      `line ${line}: ${key === undefined ? "a key" : JSON.stringify(key)} appears twice in one ` +
        `object${firstLine === undefined ? "" : ` (also on line ${firstLine})`}`,
    );
    this.name = "DuplicateKeyError";
    this.line = line;
    this.key = key;
    this.firstLine = firstLine;
  }
}
