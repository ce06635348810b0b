/**
 * Turns a `JSON.parse` error into "line L, column C: what" — V8 versions word
 * the message differently but all give the character position.
 *
 * @module
 */

/** Describes `error` (thrown by `JSON.parse(text)`) with a 1-based line and column. */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(message);
  const position = at ? Number(at[1]) : contextPosition(message, text);
  const what = message
    .replace(/\s*in JSON at position \d+.*$/s, "")
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, "")
    .trim();
  if (position === undefined) return `invalid JSON: ${what || message}`;
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return `line ${line}, column ${column}: ${what}`;
}

/** V8's context around an unexpected token: at most this many characters each side. */
const CONTEXT = 10;

/**
 * The position behind V8's `Unexpected token 'x', ..."context"... is not valid
 * JSON`, which names no position: the context is the source from 10
 * characters before the token to 10 after, marked with `...` where cut (the
 * whole source when it is short).
 */
function contextPosition(message: string, text: string): number | undefined {
  const m = /^Unexpected token '(.+?)', (\.\.\.)?"(.*)"(\.\.\.)? is not valid JSON$/s.exec(message);
  if (!m) return undefined;
  const [, token, cutBefore, context, cutAfter] = m;
  if (cutBefore) {
    const start = text.indexOf(context);
    return start === -1 ? undefined : start + CONTEXT;
  }
  if (cutAfter) return context.length - CONTEXT;
  const index = text.indexOf(token);
  return index === -1 ? undefined : index;
}
