/**
 * Token counting with gpt-tokenizer's `o200k_base`, loaded lazily (a dynamic
 * import of the one encoding, never the package root, whose load time and
 * memory only the telemetry worker and report commands ever pay).
 *
 * Long texts are counted in segments cut where the o200k pre-tokenizer
 * itself always splits, so the sum equals counting the whole text:
 * before a space that follows a non-space, or after a line break that is
 * followed by neither whitespace nor `/`. (Pre-tokens never span those
 * points, and the regex has no look-behind.) That keeps each step short, so a
 * caller can yield between segments.
 *
 * BPE is quadratic in the length of one pre-token: a run of 64 KB of letters
 * without a break takes seconds, 1 MB takes minutes. Runs of 1,000 or more
 * letters, symbols or spaces are therefore counted in 256-character pieces,
 * and the result is marked inexact (`exact: false`), so a row never claims
 * `tokenizer-exact` for it.
 *
 * @module
 */

/** A count and whether it equals tokenizing the whole text at once. */
export interface TokenCount {
  /** Tokens. */
  tokens: number;
  /** False when a very long run was counted in pieces. */
  exact: boolean;
}

/** Counts the tokens of a text (special-token strings count as plain text). */
export type CountFn = (text: string) => number;

/** Target segment length in UTF-16 units: short enough to yield between segments often. */
export const SEGMENT_CHARS = 32_768;
const SEARCH_WINDOW = 8_192;
const LONG_RUN = /[\p{L}\p{M}]{1000,}|[^\s\p{L}\p{N}]{1000,}|\s{1000,}/u;
const RUN_PIECE = 256;

let loading: Promise<CountFn> | undefined;

/**
 * Loads `o200k_base` once and returns its counter. Rejects when the encoding
 * cannot be loaded (callers fall back to the heuristic).
 */
export function loadO200k(): Promise<CountFn> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then((mod) => {
    const noSpecial = { disallowedSpecial: new Set<string>() };
    return (text: string) => mod.countTokens(text, noSpecial);
  });
  return loading;
}

/** True when a segment may start at `p` without changing the count. */
function safeCut(text: string, p: number): boolean {
  const before = text.charCodeAt(p - 1);
  const at = text.charCodeAt(p);
  if (at === 0x20) return !isSpace(before);
  if (before === 0x0a || before === 0x0d) return !isSpace(at) && at !== 0x2f;
  return false;
}

function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x85 ||
    code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 ||
    code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** One piece of a text to count, and whether cutting there kept the count exact. */
export interface Segment {
  /** The text of the piece. */
  text: string;
  /** False when the piece was cut where the count may change. */
  exact: boolean;
}

/**
 * Cuts `text` into segments of about `size` characters at points where the
 * count stays exact; only when no such point lies within the search window
 * is a segment cut anywhere (marked `exact: false`).
 */
export function* segments(text: string, size: number = SEGMENT_CHARS): Generator<Segment> {
  let start = 0;
  while (text.length - start > size) {
    let cut = -1;
    const limit = Math.min(text.length, start + size + SEARCH_WINDOW);
    for (let p = start + size; p < limit; p++) {
      if (safeCut(text, p)) {
        cut = p;
        break;
      }
    }
    if (cut === -1) {
      for (let p = start + size - 1; p > start + size / 2; p--) {
        if (safeCut(text, p)) {
          cut = p;
          break;
        }
      }
    }
    const exact = cut !== -1;
    if (!exact) {
      cut = start + size;
      // Never split a surrogate pair.
      const code = text.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut++;
    }
    yield { text: text.slice(start, cut), exact };
    start = cut;
  }
  if (start < text.length) yield { text: start === 0 ? text : text.slice(start), exact: true };
}

/** Counts one segment, splitting very long runs (see the module doc). */
export function countSegment(count: CountFn, segment: Segment): TokenCount {
  if (!LONG_RUN.test(segment.text)) return { tokens: count(segment.text), exact: segment.exact };
  let tokens = 0;
  let rest = segment.text;
  for (;;) {
    const match = LONG_RUN.exec(rest);
    if (!match) break;
    if (match.index > 0) tokens += count(rest.slice(0, match.index));
    const run = match[0];
    for (let i = 0; i < run.length; i += RUN_PIECE) {
      let end = Math.min(run.length, i + RUN_PIECE);
      const code = run.charCodeAt(end - 1);
      if (code >= 0xd800 && code <= 0xdbff) end++;
      tokens += count(run.slice(i, end));
      if (end > i + RUN_PIECE) i++;
    }
    rest = rest.slice(match.index + run.length);
  }
  if (rest.length > 0) tokens += count(rest);
  return { tokens, exact: false };
}

/**
 * Counts a whole text in one go (segment by segment, no yielding).
 *
 * @example
 * ```ts ignore
 * import { countText, loadO200k } from "./tokenizer.ts";
 * countText(await loadO200k(), "hello world"); // { tokens: 2, exact: true }
 * ```
 */
export function countText(count: CountFn, text: string): TokenCount {
  let tokens = 0;
  let exact = true;
  for (const segment of segments(text)) {
    const part = countSegment(count, segment);
    tokens += part.tokens;
    exact &&= part.exact;
  }
  return { tokens, exact };
}
