/**
 * fast-check generators of user-authored Markdown memory files: headings,
 * prose, lists, fenced code (``` and ~~~) quoting agent-connector marker
 * text, other connectors' blocks, blank-line runs, LF or CRLF, BOM, final
 * newline or not.
 *
 * @module
 */

import fc from "fast-check";
import { renderBlock } from "../../core/managed_block.ts";

const pieceArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "# Project rules",
    "## Testing",
    "Use pnpm, not npm.",
    "- keep PRs small",
    "> quoted",
    "Trailing space  ",
  ),
  fc.string({ maxLength: 20 }).filter((s) =>
    !s.includes("\n") && !s.includes("\r") && !/^ {0,3}(`{3}|~{3})/.test(s)
  ),
  fc.constantFrom(
    "```md\n<!-- agent-connector:begin acme/memory hash=000000000000 -->\nquoted example\n<!-- agent-connector:end acme/memory -->\n```",
    "~~~\n<!-- agent-connector:end acme/memory -->\n~~~",
    "````\n```\n<!-- agent-connector:begin acme/x hash=1 -->\n```\n````",
    "<!-- a plain html comment -->",
  ),
  fc.constant(renderBlock("other/memory", "Other connector's rules.").lines.join("\n")),
);

/** A document: pieces separated by runs of blank lines. */
export const markdownArb: fc.Arbitrary<
  { pieces: string[]; gaps: number[]; eol: string; bom: boolean; finalNewlines: number }
> = fc
  .record({
    pieces: fc.array(pieceArb, { maxLength: 6 }),
    gaps: fc.array(fc.nat({ max: 2 }), { minLength: 6, maxLength: 6 }),
    eol: fc.constantFrom("\n", "\r\n"),
    bom: fc.boolean(),
    finalNewlines: fc.nat({ max: 2 }),
  });

/** Renders a generated document. */
export function renderMarkdown(
  d: { pieces: string[]; gaps: number[]; eol: string; bom: boolean; finalNewlines: number },
): string {
  const text =
    d.pieces.map((p, i) => p + "\n".repeat(i < d.pieces.length - 1 ? 1 + d.gaps[i] : 0)).join("") +
    (d.pieces.length ? "\n".repeat(d.finalNewlines) : "");
  return (d.bom ? "\uFEFF" : "") + text.replace(/\n/g, d.eol);
}
