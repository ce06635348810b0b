/**
 * The help of each `agent-connector usage` subcommand (`usage report --help`,
 * `usage export --help`, `usage leaderboard --help`), each listing only the
 * flags that apply to it, each with an example. The overview (`usage --help`)
 * is `help` of cli/cmd_usage.ts; these load only when asked for.
 *
 * @module
 */

const FROM_LOGS = `Read from each host's own session logs (read-only; counts only, never prompt
text); each request counts once, however many files hold it.`;

const WINDOW = `  -s, --since <when>     from this date (20260115 or 2026-01-15, the whole day in
                         the report's zone) or this long ago (30m, 24h, 7d)
                         e.g. --since 20260101
  -u, --until <when>     through this date, or up to this long ago   e.g. -u 2026-01-31
  -p, --platform <ids>   only these hosts, comma-separated   e.g. -p claude-code,codex`;
const ZONE = `  -z, --timezone <zone>  days in this IANA zone   e.g. -z Europe/Paris
  --utc                  days in UTC instead of the local time zone`;
const NO_CACHE =
  "  --no-cache             read every file again instead of continuing from the kept cursors";
const OFFLINE =
  "  -O, --offline          accepted for ccusage users: prices never come from the network";

const AFTER = `Prices: the LiteLLM snapshot shipped in usage/model_prices.json (tiers above
200k prompt tokens per request, 1-hour cache writes, reasoning billed as output);
a model it does not price is named in a note, never counted as $0.

Environment:
  AGENT_CONNECTOR_PRICES=<file>     a newer price file in LiteLLM's format
  AGENT_CONNECTOR_USAGE_THREADS=N   decode on N threads (default: by size and cores)
  COLUMNS=N                         the width tables fit (default: the terminal's)

Permissions under Deno: --allow-read --allow-env --allow-sys; add --allow-write
to keep cursors in <data root>/cache/usage so a re-scan reads only what changed.`;

/** `usage report --help`. */
const reportHelp = `Usage: agent-connector usage report [flags]

Token totals and cost per host, project, session, model, day, week or month;
what a bare "agent-connector usage" shows. Periods run oldest first, other rows
costliest first; the totals row comes last. Tables fit the terminal: the least
needed columns are dropped first; session ids and hashes are shortened (in full
in --json); session rows show their date and project.
${FROM_LOGS}

Flags:
  --by <axis>            platform (default), project, session, model, day, week
                         (ISO weeks, named by their Monday) or month   e.g. --by week
${WINDOW}
  -b, --breakdown        each row's models under it   e.g. --by day -b
  -o, --order <asc|desc> flip the order   e.g. --by model -o asc
${ZONE}
  -c, --chart            a bar chart of a report by day, week or month (Unicode blocks)
                         e.g. --by day --chart
  -f, --format <fmt>     table (default), json, or html: one self-contained file
                         with charts, written to --out   e.g. -f html --out usage.html
  --out <file>           where --format html writes
  -j, --json             machine-readable output (the same as --format json)
${OFFLINE}
${NO_CACHE}

${AFTER}

Examples:
  agent-connector usage report --by model --since 7d
  agent-connector usage report --by day -s 20260101 -u 20260131 --breakdown --chart
  agent-connector usage report --by session --order asc --timezone America/New_York
  agent-connector usage report --format html --out usage.html
`;

/** `usage export --help`. */
const exportHelp = `Usage: agent-connector usage export [flags]

One row per request: host, session, project, model, time, tokens and cost.
${FROM_LOGS}

Flags:
  -f, --format <csv|json>  output format (default json)   e.g. -f csv
  --out <file>             write to this file instead of stdout   e.g. --out usage.csv
${WINDOW}
${OFFLINE}
${NO_CACHE}

${AFTER}

Example:
  agent-connector usage export --format csv --out usage.csv --since 30d
`;

/** `usage leaderboard --help`. */
const leaderboardHelp = `Usage: agent-connector usage leaderboard [flags]

Hosts (or models) ranked by cost, with each one's share of the cost, its tokens
and its share of the tokens beside; unpriced rows come last, by tokens.
${FROM_LOGS}

Flags:
  --by <axis>            platform (default) or model   e.g. --by model
${WINDOW}
  -o, --order <asc|desc> desc (default: costliest first) or asc
${ZONE}
  -j, --json             machine-readable output
${OFFLINE}
${NO_CACHE}

${AFTER}

Example:
  agent-connector usage leaderboard --by model --since 7d
`;

/** Each subcommand's help, by its name. */
export const SUBCOMMAND_HELP: Readonly<Record<string, string>> = {
  report: reportHelp,
  export: exportHelp,
  leaderboard: leaderboardHelp,
};
