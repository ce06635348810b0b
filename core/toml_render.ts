/**
 * Renders values and whole tables as TOML text: the blocks the TOML editor
 * splices into a file. Strings are escaped, keys quoted when they must be,
 * nested objects become sub-tables (`[t.env]`), objects inside arrays
 * become inline tables.
 *
 * @module
 */

/** An entry cannot be written or edited in place (an inline table, a null value). */
export class TomlEditError extends TypeError {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "TomlEditError";
  }
}

/** Renders a key: bare when it can be, quoted otherwise. */
export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

/** Renders a dotted key path. */
export function tomlPath(path: readonly string[]): string {
  return path.map(tomlKey).join(".");
}

/** Renders a basic string with TOML escapes. */
export function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function isTable(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date);
}

/**
 * Renders one value inline.
 *
 * @throws {TomlEditError} for `null`/`undefined` and other values TOML cannot hold.
 */
export function tomlValue(v: unknown): string {
  if (typeof v === "string") return tomlString(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "bigint") return String(v);
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "nan";
    if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
    return String(v); // "1.5", "1e-7", "1e+21": all valid TOML numbers
  }
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  if (isTable(v)) {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, x]) => `${tomlKey(k)} = ${tomlValue(x)}`).join(", ")} }`;
  }
  throw new TomlEditError(
    `TOML has no way to write ${v === null ? "null" : typeof v}; leave the key out`,
  );
}

/**
 * Renders a table and its nested tables as lines (no terminators): the
 * header, its plain keys, then each non-empty nested object as a sub-table
 * after one blank line. `array` renders an `[[array]]` entry.
 *
 * @example
 * ```ts
 * import { renderTomlTable } from "./toml_render.ts";
 * renderTomlTable(["mcp_servers", "acme"], { command: "npx", env: { A: "1" } }).join("\n");
 * // '[mcp_servers.acme]\ncommand = "npx"\n\n[mcp_servers.acme.env]\nA = "1"'
 * ```
 */
export function renderTomlTable(
  path: readonly string[],
  value: Record<string, unknown>,
  array = false,
): string[] {
  const lines = [array ? `[[${tomlPath(path)}]]` : `[${tomlPath(path)}]`];
  const nested: [string, Record<string, unknown>][] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (isTable(v) && Object.keys(v).length > 0) nested.push([k, v]);
    else lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
  }
  for (const [k, v] of nested) lines.push("", ...renderTomlTable([...path, k], v));
  return lines;
}
