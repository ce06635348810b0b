/**
 * The terminal views of `usage report` and `usage leaderboard`: tables that
 * fit the terminal (`fit_table.ts`), with ids and hashes shortened (the
 * full values are in `--json`), session rows with their date and project,
 * money always with cents, the totals row last under a rule (as ccusage),
 * each row's models under it with `--breakdown`, and a bar chart of a
 * report by day, week or month.
 *
 * @module
 */

import type { UsageGroupBy } from "../core/usage_types.ts";
import type { UsageRow } from "./aggregate.ts";
import { type Column, fitTable } from "./fit_table.ts";
import { dayIn } from "./dates.ts";
import { money, num } from "./render.ts";

/** How to draw a view. */
export interface ViewOptions {
  /** The terminal width; none: the natural width. */
  width?: number;
  /** The home folder, shown as `~` at the start of project paths. */
  home?: string;
  /** The report's zone (`local`, `UTC` or an IANA name), for session dates. */
  zone?: string;
}

const HASHY = /^[0-9a-f][0-9a-f-]{15,}$/i;

/** A session id or hash shortened to 8 characters (`3f2a9c1e…`); other text as is. */
export function shortId(id: string): string {
  return HASHY.test(id) ? `${id.slice(0, 8)}…` : id;
}

/** A project as shown: a hash shortened, a path under `home` as `~/…`. */
export function shortProject(project: string, home?: string): string {
  if (HASHY.test(project)) return shortId(project);
  if (home && home !== "/" && (project === home || project.startsWith(home + "/"))) {
    return "~" + project.slice(home.length);
  }
  return project;
}

const AXIS_HEAD: Record<UsageGroupBy, string> = {
  platform: "PLATFORM",
  project: "PROJECT",
  session: "SESSION",
  model: "MODEL",
  day: "DAY",
  week: "WEEK (MON)",
  month: "MONTH",
};

/** The report table: one line a row (its models under it), the totals last under a rule. */
export function reportTable(
  rows: readonly UsageRow[],
  totals: UsageRow,
  by: UsageGroupBy,
  options: ViewOptions = {},
): string {
  const session = by === "session";
  const columns: Column[] = [
    { head: AXIS_HEAD[by], cut: by === "project" ? "start" : "end", min: 14 },
    ...(session
      ? [
        { head: "DATE", drop: 2 },
        { head: "PLATFORM", drop: 5, cut: "end" as const, min: 8 },
        { head: "PROJECT", drop: 3, cut: "start" as const, min: 10 },
      ]
      : []),
    { head: "REQUESTS", right: true, drop: 8 },
    { head: "INPUT", right: true, drop: 4 },
    { head: "CACHE READ", right: true, drop: 6 },
    { head: "CACHE WRITE", right: true, drop: 7 },
    { head: "OUTPUT", right: true, drop: 5 },
    { head: "TOTAL", right: true, drop: 1 },
    { head: "COST", right: true },
    { head: "CONFIDENCE", drop: 9 },
  ];
  const label = (r: UsageRow) =>
    session ? shortId(r.key) : by === "project" ? shortProject(r.key, options.home) : r.key;
  const cells = (r: UsageRow, first: string, extra: string[]) => [
    first,
    ...(session ? extra : []),
    num(r.requests),
    num(r.tokens.input),
    num(r.tokens.cacheRead),
    num(r.tokens.cacheWrite),
    num(r.tokens.output),
    num(r.total),
    money(r.costUsd, r.unpriced),
    r.confidence,
  ];
  const lines: string[][] = [];
  for (const r of rows) {
    const extra = [
      r.lastTs > 0 ? dayIn(r.lastTs, options.zone ?? "local") : "",
      r.platforms.join(","),
      shortProject(r.project ?? "", options.home),
    ];
    lines.push(cells(r, label(r), extra));
    for (const m of r.breakdown ?? []) {
      const line = cells(m, `└ ${m.key}`, ["", "", ""]);
      line[line.length - 1] = "";
      lines.push(line);
    }
  }
  lines.push(cells(totals, "TOTAL", ["", "", ""]));
  return fitTable(columns, lines, { width: options.width, ruleBefore: [lines.length - 1] });
}

/** One ranked leaderboard row, as `usage leaderboard` prints it. */
export interface RankedView {
  /** 1 for the costliest. */
  rank: number;
  /** The platform or model. */
  key: string;
  /** Requests. */
  requests: number;
  /** All tokens. */
  total: number;
  /** USD, absent when unpriced. */
  costUsd?: number;
  /** Requests without a price. */
  unpriced: number;
  /** The row's share of all cost, 0-100. */
  costSharePct: number;
  /** The row's share of all tokens, 0-100. */
  sharePct: number;
  /** Confidence of the numbers. */
  confidence: string;
}

/** The leaderboard table: ranked by cost, with the tokens beside. */
export function leaderboardTable(
  ranked: readonly RankedView[],
  by: "platform" | "model",
  options: ViewOptions = {},
): string {
  const columns: Column[] = [
    { head: "RANK", right: true },
    { head: by.toUpperCase(), cut: "end", min: 14 },
    { head: "COST", right: true },
    { head: "SHARE", right: true, drop: 3 },
    { head: "TOKENS", right: true, drop: 1 },
    { head: "TOKEN SHARE", right: true, drop: 4 },
    { head: "REQUESTS", right: true, drop: 5 },
    { head: "CONFIDENCE", drop: 6 },
  ];
  const rows = ranked.map((r) => [
    String(r.rank),
    r.key,
    money(r.costUsd, r.unpriced),
    `${r.costSharePct.toFixed(1)}%`,
    num(r.total),
    `${r.sharePct.toFixed(1)}%`,
    num(r.requests),
    r.confidence,
  ]);
  return fitTable(columns, rows, { width: options.width });
}

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A bar `n` of `max` long in a field of `width` columns, in eighths of a block. */
export function bar(n: number, max: number, width: number): string {
  if (max <= 0 || n <= 0 || width <= 0) return "";
  const eighths = Math.max(1, Math.round((n / max) * width * 8));
  return "█".repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/**
 * A horizontal bar chart of a report by day (week, month): one bar a row,
 * by cost when any row has one, else by tokens, fitted to `options.width`
 * (80 when none).
 */
export function periodChart(
  rows: readonly UsageRow[],
  by: "day" | "week" | "month",
  options: ViewOptions = {},
): string {
  if (rows.length === 0) return "";
  const byCost = rows.some((r) => r.costUsd !== undefined);
  const value = (r: UsageRow) => byCost ? r.costUsd ?? 0 : r.total;
  const text = (r: UsageRow) => byCost ? money(r.costUsd, r.unpriced) : num(r.total);
  const labelW = Math.max(...rows.map((r) => r.key.length));
  const valueW = Math.max(...rows.map((r) => text(r).length));
  const room = Math.max(10, (options.width ?? 80) - labelW - valueW - 4);
  const max = Math.max(...rows.map(value));
  return `${byCost ? "Cost" : "Tokens"} per ${by}:\n` +
    rows.map((r) => {
      const b = bar(value(r), max, room);
      return `${r.key.padEnd(labelW)}  ${b.padEnd(room)}  ${text(r).padStart(valueW)}`.trimEnd();
    }).join("\n") + "\n";
}
