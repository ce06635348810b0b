/**
 * Deterministic JSON files: two-space indent, keys in insertion order, one
 * final newline — the same bytes for the same connector on every run.
 *
 * @module
 */

/** `value` as the text of a JSON file. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
