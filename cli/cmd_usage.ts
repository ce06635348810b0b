/**
 * `agent-connector usage <report|export|leaderboard>`: token usage and cost
 * read-only from each agent host's own logs. Under Deno it needs only
 * `--allow-read --allow-env --allow-sys`; without `--allow-write` it skips its
 * cache and reads every file.
 *
 * @module
 */

import { resolve } from "node:path";
import type { CliContext } from "./_context.ts";
import { boolFlag, listFlag, parseCommandArgs, stringFlag } from "./_args.ts";
import { UsageError } from "./_errors.ts";
import {
  type HostId,
  isHostId,
  USAGE_GROUP_BY,
  type UsageGroupBy,
  type UsageProblem,
} from "../core/types.ts";
import { VERSION } from "../core/version.ts";
import { missingPermissions } from "../edge/runtime_info.ts";

/** Help text. */
export const help = `Usage: agent-connector usage [report|export|leaderboard] [flags]

Token usage and cost of the agent hosts you use, read from each host's own
session logs (read-only; counts only, never prompt text). Each request counts
once, however many files hold it.

Subcommands:
  report        (the default) totals grouped
                --by platform|project|session|model|day|week|month (default platform)
  export        one row per request: --format csv|json (default json), --out <file>
  leaderboard   which host (or model) spent the most, by cost: --by platform|model

Flags:
  --by <axis>            grouping (report, leaderboard)
  -s, --since <when>     from this date (20260115 or 2026-01-15) or this long ago (7d, 24h)
  -u, --until <when>     through this date, or up to this long ago
  -p, --platform <ids>   only these hosts, comma-separated (for example claude-code,codex)
  -b, --breakdown        each row's models under it (report)
  -o, --order <asc|desc> flip the order: periods oldest first, other rows costliest first
  -z, --timezone <zone>  days in this IANA zone (for example Europe/Paris)
  --utc                  days in UTC instead of the local time zone
  -c, --chart            a bar chart of a report by day, week or month
  -f, --format <fmt>     report: table, json or html (html needs --out); export: csv or json
  --out <file>           write the export or the HTML report to a file
  -j, --json             machine-readable output (report, leaderboard)
  -O, --offline          accepted for ccusage users: prices never come from the network
  --no-cache             read every file again instead of continuing from the kept cursors

Prices: the LiteLLM price snapshot shipped in usage/model_prices.json; a model it
does not price is named in a note, never counted as $0. Tables fit COLUMNS (or the
terminal); ids and hashes are shortened there, in full in --json.

Environment:
  AGENT_CONNECTOR_PRICES=<file>     a newer price file in LiteLLM's format
                                    (model_prices_and_context_window.json)
  AGENT_CONNECTOR_USAGE_THREADS=N   decode on N threads (default: by size and cores)
  COLUMNS=N                         the width tables fit

Permissions under Deno: --allow-read --allow-env --allow-sys; add --allow-write
to keep cursors in <data root>/cache/usage so a re-scan reads only what changed.

Run "agent-connector usage <subcommand> --help" for one subcommand's flags.

Examples:
  agent-connector usage report
  agent-connector usage report --by model --since 7d
  agent-connector usage report --by day --since 20260101 --until 20260131 --breakdown
  agent-connector usage report --by week --chart --timezone America/New_York
  agent-connector usage report --by session --order asc
  agent-connector usage report --format html --out usage.html
  agent-connector usage leaderboard --by model
  agent-connector usage export --format csv --out usage.csv
`;

/**
 * The help of the subcommand `args` name (`usage report --help`), else the
 * overview {@link help}.
 */
export async function helpFor(_ctx: CliContext, args: readonly string[] = []): Promise<string> {
  const sub = firstWord(args);
  if (sub === undefined || !isSub(sub)) return help;
  const { SUBCOMMAND_HELP } = await import("./_usage_help.ts");
  return SUBCOMMAND_HELP[sub];
}

/** The first word of `args` that is not a flag or a flag's value. */
function firstWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") return args[i + 1];
    if (a.startsWith("-")) {
      const word = a.replace(/^--?/, "");
      const name = (a.startsWith("--") ? word : SHORT[word] ?? word) as keyof typeof FLAGS;
      if (!a.includes("=") && FLAGS[name]?.type === "string") i++;
      continue;
    }
    return a;
  }
  return undefined;
}

type Sub = "report" | "export" | "leaderboard";
const isSub = (word: string): word is Sub =>
  word === "report" || word === "export" || word === "leaderboard";

// Short flags as ccusage spells them, where they clash with nothing here.
const FLAGS = {
  by: { type: "string" },
  since: { type: "string", short: "s" },
  until: { type: "string", short: "u" },
  platform: { type: "string", short: "p" },
  format: { type: "string", short: "f" },
  out: { type: "string" },
  json: { type: "boolean", short: "j" },
  utc: { type: "boolean" },
  timezone: { type: "string", short: "z" },
  order: { type: "string", short: "o" },
  breakdown: { type: "boolean", short: "b" },
  chart: { type: "boolean", short: "c" },
  offline: { type: "boolean", short: "O" },
  "no-cache": { type: "boolean" },
} as const;

const SHORT: Record<string, string> = Object.fromEntries(
  Object.entries(FLAGS).flatMap(([long, def]) => "short" in def ? [[def.short, long]] : []),
);

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  // Bare `usage` is the report: the one command an end user is told to run (spec §0).
  // Every error names the subcommand (`usage report: …`), found before the flags are parsed.
  const word = firstWord(args) ?? "report";
  const name = isSub(word) ? `usage ${word}` : "usage";
  const parsed = parseCommandArgs(name, args, FLAGS, {
    min: 0,
    max: 1,
    names: "[report|export|leaderboard]",
  });
  const sub = parsed.positionals[0] ?? "report";
  if (!isSub(sub)) {
    throw new UsageError(`usage: unknown subcommand "${sub}" (use report, export or leaderboard)`);
  }
  requirePermissions(name, ctx);
  const utc = boolFlag(parsed, "utc");
  const timeZone = stringFlag(parsed, "timezone");
  const dates = await import("../usage/dates.ts");
  let since: number | undefined;
  let until: number | undefined;
  try {
    if (timeZone !== undefined) dates.checkZone(timeZone);
    const zone = timeZone ?? (utc ? "UTC" : "local");
    since = dates.parseBound(stringFlag(parsed, "since"), "since", zone);
    until = dates.parseBound(stringFlag(parsed, "until"), "until", zone);
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  const order = stringFlag(parsed, "order");
  if (order !== undefined && order !== "asc" && order !== "desc") {
    throw new UsageError(`${name}: --order must be asc or desc, got "${order}"`);
  }
  const platforms = listFlag(parsed, "platform");
  if (platforms?.length === 0) {
    throw new UsageError(
      `${name}: --platform needs at least one host id (for example claude-code,codex)`,
    );
  }
  const { readerIds } = await import("../usage/readers/registry.ts");
  const known = readerIds();
  for (const id of platforms ?? []) {
    if (!isHostId(id) || !known.includes(id)) {
      throw new UsageError(
        `${name}: no usage reader for --platform "${id}" (known: ${known.join(", ")})`,
      );
    }
  }
  const by = stringFlag(parsed, "by") ?? "platform";
  const allowed: readonly string[] = sub === "leaderboard" ? ["platform", "model"] : USAGE_GROUP_BY;
  if (sub !== "export" && !allowed.includes(by)) {
    // The accuracy-critical boundary (spec §0): no per-tool or per-MCP numbers on this path.
    const why = by === "tool" || by === "mcp"
      ? ": host logs never attribute tokens to a tool or an MCP server; per-tool numbers come " +
        "from `agent-connector telemetry`, for a server a connector wraps"
      : "";
    throw new UsageError(
      `${name}: --by must be one of ${allowed.join(", ")}, got "${by}"${why}`,
    );
  }
  const format = stringFlag(parsed, "format") ?? (sub === "export" ? "json" : "table");
  const formats = sub === "export" ? ["csv", "json"] : ["table", "json", "html"];
  if (!formats.includes(format) || (sub === "leaderboard" && format === "html")) {
    const allowed = sub === "leaderboard" ? ["table", "json"] : formats;
    throw new UsageError(`${name}: --format must be ${allowed.join(" or ")}, got "${format}"`);
  }
  if (format === "html" && !stringFlag(parsed, "out")) {
    throw new UsageError(`${name}: --format html needs --out <file> (for example usage.html)`);
  }
  const json = boolFlag(parsed, "json") || format === "json";
  const view = {
    width: terminalWidth(ctx),
    home: ctx.machine.home,
    zone: timeZone ?? (utc ? "UTC" : "local"),
  };

  const render = await import("../usage/render.ts");
  const progress = progressLine(ctx);
  const warn = (problems: readonly UsageProblem[]) => {
    for (const p of problems) {
      const where = p.line ? `${p.path}:${p.line}` : p.path;
      const more = p.count > 1 ? ` (${p.count - 1} more in this file)` : "";
      ctx.stderr.write(`warning: ${p.platform}: ${where}: ${p.message}${more}\n`);
    }
  };
  const threads = threadsFromEnv(ctx.machine.env.AGENT_CONNECTOR_USAGE_THREADS);

  if (sub === "export") {
    const [{ listUsage, scanUsage }, { loadPriceTable }, { openCache }] = await Promise.all([
      import("../usage/scan.ts"),
      import("../usage/cost.ts"),
      import("../usage/_report_job.ts"),
    ]);
    const noCache = boolFlag(parsed, "no-cache");
    const { skipped } = await openCache({ machine: ctx.machine, noCache });
    if (skipped) ctx.stderr.write(`warning: ${skipped}\n`);
    const options = {
      machine: ctx.machine,
      since,
      platforms: platforms as HostId[] | undefined,
      cache: noCache || skipped ? false : undefined,
      threads,
      onProgress: progress.update,
    };
    const [listing, prices] = await Promise.all([
      listUsage(options),
      loadPriceTable(ctx.machine.env),
    ]);
    const scan = await scanUsage(options, listing);
    progress.done();
    warn(scan.problems);
    // By time; records of the same time by their columns (not in the order they were gathered).
    const records = scan.records.map((r) => ({ ts: r.ts, row: render.exportRecord(r, prices) }))
      .sort((a, b) => a.ts - b.ts || render.exportOrder(a.row, b.row)).map((x) => x.row);
    const text = format === "csv" ? render.csv(records) : JSON.stringify(records, null, 2) + "\n";
    const out = stringFlag(parsed, "out");
    if (out) {
      const path = resolve(ctx.machine.cwd, out);
      // Loaded here: a report does not need `node:fs` (edge/node_fs.ts).
      const { writeOutFile } = await import("./_out_file.ts");
      writeOutFile(path, text);
      ctx.stderr.write(`wrote ${records.length} records to ${path}\n`);
    } else ctx.stdout.write(text);
    return 0;
  }

  const groupBy = by as UsageGroupBy;
  // On a worker of its own when the logs are read afresh (`usage/_report_job.ts`).
  const { runReport } = await import("../usage/_report_job.ts");
  const job = {
    machine: ctx.machine,
    since,
    until,
    platforms: platforms as HostId[] | undefined,
    noCache: boolFlag(parsed, "no-cache"),
    threads,
    by: groupBy,
    utc,
    timeZone,
    version: VERSION,
  };
  if (format === "html") {
    const { writeHtmlReport } = await import("./_usage_html.ts");
    const out = resolve(ctx.machine.cwd, stringFlag(parsed, "out")!);
    await writeHtmlReport(ctx, out, job, ctx.stderr.isTTY ? progress.update : undefined);
    progress.done();
    return 0;
  }
  const { result, pricesVersion, cacheSkipped } = await runReport({
    ...job,
    breakdown: boolFlag(parsed, "breakdown") ? "model" : undefined,
  }, ctx.stderr.isTTY ? progress.update : undefined);
  progress.done();
  if (cacheSkipped) ctx.stderr.write(`warning: ${cacheSkipped}\n`);
  warn(result.problems);
  const { totals } = result;
  // Periods run oldest first, other rows costliest first; --order flips either.
  const natural = ["day", "week", "month"].includes(groupBy) ? "asc" : "desc";
  const rows = order && order !== natural ? [...result.rows].reverse() : result.rows;
  const meta = {
    by: groupBy,
    since: since === undefined ? null : new Date(since).toISOString(),
    until: until === undefined ? null : new Date(until).toISOString(),
    timeZone: result.timeZone,
    pricesVersion,
  };
  if (sub === "leaderboard") {
    const { rankRows } = await import("../usage/leaderboard.ts");
    const ranked = rankRows(rows.map(render.rowJson));
    if (order === "asc") ranked.reverse();
    if (json) {
      const body = {
        ...meta,
        origin: "host-scan-logs",
        rows: ranked,
        unpricedModels: result.unpricedModels,
        hostSkipped: result.skipped,
        problems: result.problems,
      };
      ctx.stdout.write(JSON.stringify(body, null, 2) + "\n");
      return 0;
    }
    const views = await import("../usage/report_view.ts");
    ctx.stdout.write(
      ranked.length
        ? views.leaderboardTable(ranked, by as "platform" | "model", view)
        : "No usage found.\n",
    );
    writeNotes(ctx, result.skipped, result.unpricedModels, view.width);
    return 0;
  }
  if (json) {
    const body = {
      ...meta,
      rows: rows.map(render.rowJson),
      totals: render.rowJson(totals),
      unpricedModels: result.unpricedModels,
      skipped: result.skipped,
      problems: result.problems,
    };
    ctx.stdout.write(JSON.stringify(body, null, 2) + "\n");
    return 0;
  }
  const views = await import("../usage/report_view.ts");
  if (rows.length === 0) ctx.stdout.write("No usage found.\n");
  else {
    ctx.stdout.write(views.reportTable(rows, totals, groupBy, view));
    if (boolFlag(parsed, "chart")) {
      if (groupBy !== "day" && groupBy !== "week" && groupBy !== "month") {
        ctx.stderr.write("note: --chart draws a report --by day, week or month\n");
      } else ctx.stdout.write("\n" + views.periodChart(rows, groupBy, view));
    }
  }
  writeNotes(ctx, result.skipped, result.unpricedModels, view.width);
  return 0;
}

/**
 * Under Deno, refuses to run without the permissions a scan needs: without
 * `--allow-env` HOME is unknown and without `--allow-read` no log can be
 * read, and either way the report would say "No usage found." about logs
 * that are there.
 */
function requirePermissions(name: string, ctx: CliContext): void {
  const wanted: { name: "env" | "read"; path?: string }[] = [{ name: "env" }];
  if (ctx.machine.home) wanted.push({ name: "read", path: ctx.machine.home });
  const missing = missingPermissions(wanted);
  if (missing.length === 0) return;
  const plural = missing.length > 1 ? "s" : "";
  throw new UsageError(
    `${name}: Deno permission${plural} ${missing.join(" and ")} missing: ` +
      `the host logs under your home folder cannot be found or read without ${
        plural ? "them" : "it"
      }. Run again with: deno run --allow-read --allow-env --allow-sys <agent-connector> usage`,
  );
}

/**
 * The width tables fit: `COLUMNS` when set, else the terminal's when stdout
 * is one, else none (a pipe gets the natural width).
 */
function terminalWidth(ctx: CliContext): number | undefined {
  const n = Number(ctx.machine.env.COLUMNS);
  if (Number.isInteger(n) && n >= 20) return n;
  return ctx.stdout.isTTY ? ctx.stdout.columns : undefined;
}

/** `AGENT_CONNECTOR_USAGE_THREADS=N` fixes the decode threads (1 = no workers). */
function threadsFromEnv(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The notes under a table, wrapped to `width`: models nobody priced, platforms skipped. */
function writeNotes(
  ctx: CliContext,
  skipped: { platform: string; reason: string }[],
  unpriced: Record<string, number>,
  width: number | undefined,
): void {
  const names = Object.entries(unpriced).map(([m, n]) =>
    `${m || "(no model logged)"} (${n.toLocaleString("en-US")} request${n === 1 ? "" : "s"})`
  );
  const notes: string[] = [];
  if (names.length > 0) {
    notes.push(
      `+ no price for ${names.join(", ")}: their cost is not included ` +
        "(AGENT_CONNECTOR_PRICES can name a newer LiteLLM price file)",
    );
  }
  const byReason = new Map<string, string[]>();
  for (const s of skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.platform]);
  for (const [reason, ids] of byReason) notes.push(`skipped ${ids.join(", ")}: ${reason}`);
  for (const note of notes) ctx.stdout.write(wrap(note, width) + "\n");
}

/** `text` broken at spaces into lines of at most `width` (continuations indented by 2). */
function wrap(text: string, width: number | undefined): string {
  if (width === undefined || text.length <= width) return text;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = "  " + word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join("\n");
}

/** A `scanning …` line on stderr, only when stderr is a terminal. */
function progressLine(ctx: CliContext) {
  let last = 0;
  let shown = false;
  return {
    update(p: { files: number; filesDone: number; bytes: number; bytesDone: number }) {
      if (!ctx.stderr.isTTY) return;
      const now = Date.now();
      if (now - last < 100 && p.filesDone < p.files) return;
      last = now;
      shown = true;
      const mb = (n: number) => (n / 1048576).toFixed(0);
      ctx.stderr.write(
        `\r\x1b[2Kscanning ${p.filesDone}/${p.files} files, ${mb(p.bytesDone)}/${mb(p.bytes)} MB`,
      );
    },
    done() {
      if (shown) ctx.stderr.write("\r\x1b[2K");
    },
  };
}
