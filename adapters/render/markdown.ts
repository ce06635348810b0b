/**
 * Markdown files with YAML frontmatter, rendered deterministically without a
 * YAML library: plain scalars where YAML reads them back unchanged, JSON
 * (valid YAML flow syntax) for everything else. Used by every host that keeps
 * commands, skills or subagents as `md+fm` files.
 *
 * @example
 * ```ts
 * import { markdownWithFrontmatter } from "./markdown.ts";
 * markdownWithFrontmatter({ name: "deploy", description: "Ship it: now" }, "Run the deploy.");
 * // "---\nname: deploy\ndescription: \"Ship it: now\"\n---\n\nRun the deploy.\n"
 * ```
 *
 * @module
 */

const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9_ ./()@,+-]*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|null|~|y|n)$/i;

/** Renders one frontmatter scalar or structure as YAML. */
export function yamlValue(value: unknown): string {
  if (typeof value === "string") {
    const plain = PLAIN.test(value) && !RESERVED.test(value) && !/^[0-9.+-]/.test(value) &&
      !value.endsWith(" ");
    return plain ? value : JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return JSON.stringify(value);
  }
  return JSON.stringify(value);
}

/**
 * Renders `fields` (in insertion order; `undefined` values skipped) as a
 * frontmatter block followed by `body`, with exactly one final newline.
 */
export function markdownWithFrontmatter(
  fields: Record<string, unknown>,
  body: string,
): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k)}: ${yamlValue(v)}`);
  const text = body.replace(/\s+$/, "");
  if (lines.length === 0) return `${text}\n`;
  return `---\n${lines.join("\n")}\n---\n\n${text}\n`;
}
