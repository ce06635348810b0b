/**
 * Whole TOML files we own (Gemini/Qwen command files, Codex agent files):
 * top-level keys in the order given, multi-line text as a multi-line basic
 * string so prompts stay readable in the file.
 *
 * @example
 * ```ts
 * import { tomlDocument } from "./toml_file.ts";
 * tomlDocument({ description: "Deploy", prompt: "Run the deploy.\nThen report." });
 * // 'description = "Deploy"\nprompt = """\nRun the deploy.\nThen report."""\n'
 * ```
 *
 * @module
 */

import { tomlKey, tomlValue } from "../../core/toml_render.ts";

/**
 * A multi-line basic string: the text with `\` and `"` escaped (so no
 * closing delimiter can appear inside) and control characters other than
 * newline and tab escaped; a CRLF in the text stays a line break. The
 * newline after the opening delimiter is not part of the value (TOML 1.0).
 */
export function tomlMultiline(text: string): string {
  let body = "";
  for (const ch of text.replace(/\r\n/g, "\n")) {
    const c = ch.codePointAt(0)!;
    if (ch === "\\") body += "\\\\";
    else if (ch === '"') body += '\\"';
    else if (ch === "\n" || ch === "\t") body += ch;
    else if (c < 0x20 || c === 0x7f) body += "\\u" + c.toString(16).padStart(4, "0");
    else body += ch;
  }
  return `"""\n${body}"""`;
}

/**
 * Renders `fields` as a TOML document of top-level keys (`undefined` values
 * skipped), ending with one newline. Strings holding a line break are
 * written as multi-line strings.
 */
export function tomlDocument(fields: Record<string, unknown>): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) =>
      `${tomlKey(k)} = ${
        typeof v === "string" && v.includes("\n") ? tomlMultiline(v) : tomlValue(v)
      }`
    );
  return `${lines.join("\n")}\n`;
}
