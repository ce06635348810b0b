/**
 * A text table that fits a terminal width: when the natural table is wider,
 * the least important columns are dropped first (each column has a rank;
 * rank 0 is never dropped), then the columns that may shrink are cut with
 * an ellipsis, down to their minimum. Text columns are left-aligned,
 * numbers right-aligned; a rule line can set the totals row apart, as
 * ccusage does.
 *
 * @module
 */

/** One column of a {@link fitTable}. */
export interface Column {
  /** The header. */
  head: string;
  /** Right-aligned (numbers). */
  right?: boolean;
  /** Drop order: higher goes first when the table is too wide; 0 never. */
  drop?: number;
  /** How a too-long cell is cut: keep its start (`end`), or its end (`start`: paths). */
  cut?: "end" | "start";
  /** The narrowest a cut column gets (default 12). */
  min?: number;
}

/** Options of {@link fitTable}. */
export interface FitOptions {
  /** The width to fit, in columns; none: the natural width. */
  width?: number;
  /** Rows (by index) preceded by a rule line: the totals. */
  ruleBefore?: number[];
}

/** Display width of `text`: one column a code point (the table's text is ASCII, `…`, `└`). */
export function textWidth(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `text` cut to `width` columns with an ellipsis where it was cut. */
export function cutText(text: string, width: number, how: "end" | "start" = "end"): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  return how === "start"
    ? "…" + chars.slice(chars.length - width + 1).join("")
    : chars.slice(0, width - 1).join("") + "…";
}

const GAP = 2;

/** Renders `rows` under `columns`, fitted to `options.width`. */
export function fitTable(columns: Column[], rows: string[][], options: FitOptions = {}): string {
  let keep = columns.map((_, i) => i);
  const natural = (i: number) =>
    Math.max(textWidth(columns[i].head), ...rows.map((r) => textWidth(r[i] ?? "")));
  const widths = new Map(keep.map((i) => [i, natural(i)]));
  const total = () => keep.reduce((n, i) => n + widths.get(i)!, 0) + GAP * (keep.length - 1);
  const width = options.width;
  if (width !== undefined) {
    const droppable = keep.filter((i) => (columns[i].drop ?? 0) > 0)
      .sort((a, b) => columns[b].drop! - columns[a].drop! || b - a);
    for (const i of droppable) {
      if (total() <= width) break;
      keep = keep.filter((k) => k !== i);
    }
    for (const i of keep) {
      const c = columns[i];
      if (!c.cut || total() <= width) continue;
      const min = Math.min(c.min ?? 12, widths.get(i)!);
      widths.set(i, Math.max(min, widths.get(i)! - (total() - width)));
    }
  }
  const line = (cells: string[]) =>
    keep.map((i, k) => {
      const w = widths.get(i)!;
      const c = columns[i];
      const text = cutText(cells[i] ?? "", w, c.cut);
      const pad = " ".repeat(Math.max(0, w - textWidth(text)));
      return c.right ? pad + text : k === keep.length - 1 ? text : text + pad;
    }).join(" ".repeat(GAP)).trimEnd();
  const out = [line(columns.map((c) => c.head))];
  rows.forEach((r, i) => {
    if (options.ruleBefore?.includes(i)) out.push("─".repeat(total()));
    out.push(line(r));
  });
  return out.join("\n") + "\n";
}
