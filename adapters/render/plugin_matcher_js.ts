/**
 * The matcher check our generated plugins carry in their own JavaScript
 * (opencode's plugin, pi's extension, OpenClaw's and Amp's plugins), so a tool event the connector's
 * matcher leaves out starts no process: the same rules as core/matcher.ts
 * — empty or `*` is every tool, a plain `a|b` (or `a, b`) list names
 * tools exactly, anything else is a regular expression, and a bad one
 * matches nothing.
 *
 * @module
 */

/** `function matches(matcher, name)`, as JavaScript source. */
export const MATCHES_JS: string = String.raw`function matches(matcher, name) {
  const text = (matcher ?? "").trim();
  if (text === "" || text === "*") return true;
  if (/^[A-Za-z0-9_\-|, ]+$/.test(text)) {
    const names = text.split(/[|,]/).map((s) => s.trim()).filter(Boolean);
    return names.length === 0 || names.includes(name);
  }
  try {
    return new RegExp(text).test(name);
  } catch {
    return false;
  }
}`;
