/**
 * Turns a `JSON.parse` error into "line L, column C: what" — V8 versions word
 * the message differently but all give the character position.
 *
 * @module
 */

/** Describes `error` (thrown by `JSON.parse(text)`) with a 1-based line and column. */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  const what = message
    .replace(/\s*in JSON at position \d+.*$/s, "")
    .replace(/, ".*" is not valid JSON$/s, "")
    .trim();
  if (!position) return `invalid JSON: ${what || message}`;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  const column = Number(position[1]) - before.lastIndexOf("\n");
  return `line ${line}, column ${column}: ${what}`;
}
