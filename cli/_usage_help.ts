/**
 * The help of each `agent-connector usage` subcommand (`usage report --help`,
 * `usage export --help`, `usage leaderboard --help`), each listing only the
 * flags that apply to it. The overview (`usage --help`) is `help` of
 * cli/cmd_usage.ts; these load only when asked for.
 *
 * @module
 */

const FROM_LOGS = `Read from each host's own session logs (read-only; counts only, never prompt
text); each request counts once, however many files hold it.`;

const SINCE = "  --since <window>     only the last Ns, Nm, Nh or Nd (for example 7d)";
const PLATFORM =
  "  --platform <ids>     only these hosts, comma-separated (for example claude-code,codex)";
const NO_CACHE =
  "  --no-cache           read every file again instead of continuing from the kept cursors";

const AFTER = `Environment:
  AGENT_CONNECTOR_USAGE_THREADS=N   decode on N threads (default: by size and cores)

Permissions under Deno: --allow-read --allow-env --allow-sys; add --allow-write
to keep cursors in <data root>/cache/usage so a re-scan reads only what changed.`;

/** `usage report --help`. */
const reportHelp = `Usage: agent-connector usage report [flags]

Token totals and cost per host, project, session, model or day; what a bare
"agent-connector usage" shows.
${FROM_LOGS}

Flags:
  --by <axis>          platform (default), project, session, model or day
${SINCE}
${PLATFORM}
  --json               machine-readable output
  --utc                days in UTC instead of the local time zone
${NO_CACHE}

${AFTER}

Example:
  agent-connector usage report --by model --since 7d
`;

/** `usage export --help`. */
const exportHelp = `Usage: agent-connector usage export [flags]

One row per request: host, session, project, model, time, tokens and cost.
${FROM_LOGS}

Flags:
  --format <csv|json>  output format (default json)
  --out <file>         write to this file instead of stdout
${SINCE}
${PLATFORM}
${NO_CACHE}

${AFTER}

Example:
  agent-connector usage export --format csv --out usage.csv --since 30d
`;

/** `usage leaderboard --help`. */
const leaderboardHelp = `Usage: agent-connector usage leaderboard [flags]

Hosts (or models) ranked by the tokens they spent, with their share and cost.
${FROM_LOGS}

Flags:
  --by <axis>          platform (default) or model
${SINCE}
${PLATFORM}
  --json               machine-readable output
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
