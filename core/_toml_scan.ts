/**
 * A line scanner for TOML that finds table headers (`[a.b]`, `[[a]]`) and
 * tells content lines from blank and comment lines, without being fooled by
 * brackets inside strings, multi-line strings or multi-line arrays. It does
 * not validate; smol-toml does that before and after every edit.
 *
 * @module
 */

/** One physical line. */
export interface TomlLine {
  /** The line without its terminator. */
  content: string;
  /** Its terminator: `"\n"`, `"\r\n"` or `""` for a last line without one. */
  eol: string;
  /** What the line is. */
  kind: "blank" | "comment" | "content" | "header";
  /** For headers: the key path. */
  path?: string[];
  /** For headers: true for `[[array]]` headers. */
  array?: boolean;
}

/** Splits text into lines, keeping each terminator. */
export function splitLines(text: string): { content: string; eol: string }[] {
  const out: { content: string; eol: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const nl = text.indexOf("\n", i);
    if (nl < 0) {
      out.push({ content: text.slice(i), eol: "" });
      break;
    }
    const cr = nl > i && text[nl - 1] === "\r";
    out.push({ content: text.slice(i, cr ? nl - 1 : nl), eol: cr ? "\r\n" : "\n" });
    i = nl + 1;
  }
  return out;
}

type Mode = "none" | '"""' | "'''";

/** Carries string and bracket state across lines. */
interface State {
  mode: Mode;
  depth: number;
}

/** Advances `st` over `line` (a key/value line or a continuation of one). */
function scanValue(line: string, st: State): void {
  let i = 0;
  while (i < line.length) {
    if (st.mode !== "none") {
      if (st.mode === '"""' && line[i] === "\\") {
        i += 2;
        continue;
      }
      if (line.startsWith(st.mode, i)) {
        i += 3;
        while (line[i] === st.mode[0]) i++; // up to two quotes may end the content
        st.mode = "none";
        continue;
      }
      i++;
      continue;
    }
    const c = line[i];
    if (c === "#") return;
    if (line.startsWith('"""', i) || line.startsWith("'''", i)) {
      st.mode = line.slice(i, i + 3) as Mode;
      i += 3;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      i = close < 0 ? line.length : close + 1;
      continue;
    }
    if (c === "[" || c === "{") st.depth++;
    else if (c === "]" || c === "}") st.depth = Math.max(0, st.depth - 1);
    i++;
  }
}

/** Parses the dotted key of a header such as `[ a."b.c".'d' ]`; `undefined` if malformed. */
export function parseHeaderKey(inner: string): string[] | undefined {
  const parts: string[] = [];
  let i = 0;
  const ws = () => {
    while (inner[i] === " " || inner[i] === "\t") i++;
  };
  for (;;) {
    ws();
    if (inner[i] === '"') {
      let j = i + 1;
      while (j < inner.length && inner[j] !== '"') j += inner[j] === "\\" ? 2 : 1;
      try {
        parts.push(JSON.parse(
          inner.slice(i, j + 1).replace(/\\U([0-9a-fA-F]{8})/g, (_, h) => {
            const cp = parseInt(h, 16);
            return JSON.stringify(String.fromCodePoint(cp)).slice(1, -1);
          }),
        ));
      } catch {
        return undefined;
      }
      i = j + 1;
    } else if (inner[i] === "'") {
      const j = inner.indexOf("'", i + 1);
      if (j < 0) return undefined;
      parts.push(inner.slice(i + 1, j));
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(inner.slice(i));
      if (!m) return undefined;
      parts.push(m[0]);
      i += m[0].length;
    }
    ws();
    if (i >= inner.length) return parts;
    if (inner[i] !== ".") return undefined;
    i++;
  }
}

function header(content: string): { path: string[]; array: boolean } | undefined {
  const t = content.trim();
  const array = t.startsWith("[[");
  const open = array ? 2 : 1;
  let i = open;
  // Find the closing bracket(s), skipping quoted keys.
  while (i < t.length) {
    if (t[i] === '"') {
      i++;
      while (i < t.length && t[i] !== '"') i += t[i] === "\\" ? 2 : 1;
      i++;
    } else if (t[i] === "'") i = t.indexOf("'", i + 1) + 1 || t.length;
    else if (t[i] === "]") break;
    else i++;
  }
  if (array && t[i + 1] !== "]") return undefined;
  const path = parseHeaderKey(t.slice(open, i));
  return path ? { path, array } : undefined;
}

/**
 * Scans a TOML document (without BOM) into classified lines.
 *
 * @example
 * ```ts
 * import { scanToml } from "./_toml_scan.ts";
 * scanToml('a = """\n[x]\n"""\n[t.u]\n').map((l) => l.kind);
 * // ["content", "content", "content", "header"]
 * ```
 */
export function scanToml(text: string): TomlLine[] {
  const st: State = { mode: "none", depth: 0 };
  return splitLines(text).map(({ content, eol }): TomlLine => {
    if (st.mode !== "none" || st.depth > 0) {
      scanValue(content, st);
      return { content, eol, kind: "content" };
    }
    const t = content.trim();
    if (t === "") return { content, eol, kind: "blank" };
    if (t.startsWith("#")) return { content, eol, kind: "comment" };
    if (t.startsWith("[")) {
      const h = header(content);
      if (h) return { content, eol, kind: "header", path: h.path, array: h.array };
    }
    scanValue(content, st);
    return { content, eol, kind: "content" };
  });
}

/** The lines `[start, end)` a header owns: itself through its last content line. */
export function headerRegion(lines: TomlLine[], start: number): { start: number; end: number } {
  let end = start + 1;
  for (let i = start + 1; i < lines.length && lines[i].kind !== "header"; i++) {
    if (lines[i].kind === "content") end = i + 1;
  }
  return { start, end };
}

/** True when `path` begins with `prefix`. */
export function startsWithPath(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}
