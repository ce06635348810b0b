/**
 * Parses one marked log line, handed over as a binary string (one char per
 * byte, see `_lines.ts`), into exactly what its UTF-8 text parses to — or,
 * with a pick spec, a value whose picked part is exactly that
 * (core/pick_json.ts): a long line is reduced to it, a short one parsed whole
 * and handed over whole, as a reader reads only its picked fields.
 *
 * `JSON.parse` reads the binary string directly. That is exact because a line
 * is valid JSON in this form exactly when its UTF-8 text is (a byte ≥ 0x80
 * can only stand inside a string, where any char is allowed), and a string of
 * the result differs from the UTF-8 one only when it holds a char ≥ 0x80
 * (either from such a byte or from a `\u` escape). So the values a reader gets
 * (the picked ones, with a pick spec) are checked for such a char, and only
 * then is the line decoded as UTF-8 and
 * parsed again: parsing the binary string is several times faster than
 * decoding UTF-8 and parsing that (bench/README.md).
 *
 * @module
 */

import type { PickSpec } from "./reader.ts";
import { pickJson, utf8 } from "../core/pick_json.ts";

/**
 * From this length on, a picked line is skip-parsed (`pickJson`) instead of
 * parsed whole: long lines are mostly message text and tool input, which
 * `pickJson` jumps over; short lines (many short strings) parse faster whole
 * (bench/README.md).
 */
export const PICK_MIN_LENGTH = 4096;

const HIGH = /[\x80-\xff]/;

/**
 * The value of the binary line `raw` (with `pick`: its picked fields are
 * exact, any other may be left out or kept in binary form). Throws
 * SyntaxError when it is not JSON (with `pick`: when its structure is not,
 * as `pickJson` decides, whatever the line's length).
 */
export function parseLine(raw: string, pick?: PickSpec): unknown {
  if (!pick) return JSON.parse(HIGH.test(raw) ? utf8(raw) : raw);
  if (raw.length >= PICK_MIN_LENGTH) return pickJson(raw, pick, true);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // pickJson does not validate skipped strings: let it decide, as for long lines.
    return pickJson(raw, pick, true);
  }
  return pickedHigh(value, pick) ? JSON.parse(utf8(raw)) : value;
}

/** True when a string or key that `spec` picks from `value` holds a char ≥ 0x80. */
function pickedHigh(value: unknown, spec: PickSpec): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return hasHigh(value);
  for (const key in spec) {
    if (!Object.hasOwn(value, key)) continue;
    const want = spec[key];
    const v = (value as Record<string, unknown>)[key];
    if (want === true ? hasHigh(v) : pickedHigh(v, want)) return true;
  }
  return false;
}

/** `value` reduced to `spec` the way `pickJson` reduces its text. */
export function project(value: unknown, spec: PickSpec): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key in spec) {
    if (!Object.hasOwn(value, key)) continue;
    const want = spec[key];
    const v = (value as Record<string, unknown>)[key];
    out[key] = want === true ? v : project(v, want);
  }
  return out;
}

/** True when a string or key anywhere in `value` holds a char ≥ 0x80. */
function hasHigh(value: unknown): boolean {
  if (typeof value === "string") return highIn(value);
  if (!value || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasHigh);
  for (const key in value) {
    if (highIn(key) || hasHigh((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** True when `text` holds a char ≥ 0x80: a loop, cheaper than a regular expression on short ids. */
function highIn(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}
