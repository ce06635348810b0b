/**
 * The text of a new YAML document, without loading the `yaml` package (~70
 * CommonJS modules: most of what planning a Continue install costs when its
 * `config.yaml` does not exist yet). The text is byte for byte what
 * core/edit_yaml.ts writes into an empty file — `yaml`'s `stringify` with
 * two-space indentation, indented sequences and no line folding — for the
 * values it knows how to render that way: maps and lists of plain keys,
 * ASCII strings, safe integers, booleans and null. Anything else (an empty
 * collection, a list in a list, a non-ASCII or escaped string, a fraction)
 * gives `undefined`, and the caller uses core/edit_yaml.ts.
 * core/yaml_fresh_test.ts holds both equal.
 *
 * ```ts
 * import { freshYamlDocument } from "./yaml_fresh.ts";
 * freshYamlDocument({ mcpServers: [{ name: "acme", args: ["-y", "@acme/mcp"] }] });
 * // 'mcpServers:\n  - name: acme\n    args:\n      - -y\n      - "@acme/mcp"\n'
 * ```
 *
 * @module
 */

/** A string `yaml` would read back as something else (core schema: null, bool, int, float). */
const TYPED = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];

/** Where a plain scalar is not allowed: leading indicators, `: `, ` #`, a trailing blank or colon. */
const NOT_PLAIN = /^[\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|:[ \t]|[\t ]#|[\t :]$/;

/** A document marker at the start of the text. */
const MARKER = /^(?:%|---|\.\.\.)/;

/** Printable ASCII without `"` and `\`: quoting it escapes nothing. */
const SIMPLE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function scalar(v: unknown, key: boolean): string | undefined {
  if (v === null) return key ? undefined : "null";
  if (typeof v === "boolean") return key ? undefined : String(v);
  if (typeof v === "number") {
    return !key && Number.isSafeInteger(v) && !Object.is(v, -0) ? String(v) : undefined;
  }
  if (typeof v !== "string" || !SIMPLE.test(v) || MARKER.test(v)) return undefined;
  const plain = !NOT_PLAIN.test(v) && !TYPED.some((t) => t.test(v));
  if (plain) return v;
  return key ? undefined : `"${v}"`;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * Appends the lines of a block collection at `indent` to `out`; false when
 * something in it is outside what this module renders. With `inline`, a
 * map's first line is left unindented (it follows a list item's dash).
 */
function block(v: unknown, indent: string, out: string[], inline: boolean): boolean {
  if (Array.isArray(v)) {
    if (v.length === 0) return false;
    for (const item of v) {
      if (Array.isArray(item)) return false;
      if (isMap(item)) {
        // The map's first member goes on the dash line, the others below it.
        const at = out.length;
        if (!block(item, indent + "  ", out, true)) return false;
        out[at] = indent + "- " + out[at];
        continue;
      }
      const s = scalar(item, false);
      if (s === undefined) return false;
      out.push(indent + "- " + s);
    }
    return true;
  }
  if (!isMap(v)) return false;
  const keys = Object.keys(v);
  if (keys.length === 0) return false;
  let first = inline;
  for (const k of keys) {
    const key = scalar(k, true);
    if (key === undefined || key.length > 1000) return false; // long keys become explicit `? key`
    const pad = first ? "" : indent;
    first = false;
    const value = v[k];
    if (value !== null && typeof value === "object") {
      out.push(pad + key + ":");
      if (!block(value, indent + "  ", out, false)) return false;
      continue;
    }
    const s = scalar(value, false);
    if (s === undefined) return false;
    out.push(pad + key + ": " + s);
  }
  return true;
}

/**
 * The YAML text of a new document holding the map `doc` (LF line ends, final
 * newline), or undefined when a value is outside what this module renders.
 */
export function freshYamlDocument(doc: Record<string, unknown>): string | undefined {
  const out: string[] = [];
  if (!block(doc, "", out, false)) return undefined;
  return out.join("\n") + "\n";
}
