/**
 * The host leaderboard: which platform (or model) spent the most, ranked by
 * cost, with the tokens beside (each row's share of cost and of tokens);
 * rows without a price come after the priced ones, by tokens, then by name.
 * Every model of the shipped price snapshot is priced (`cost.ts`), and the
 * report names the ones that are not. `usage leaderboard` prints it, and
 * the unified `leaderboard` command shows it as its 🖥️ Host / User board
 * (origin `host-scan-logs`) through {@link hostLeaderboard}.
 *
 * @module
 */

import type { MachineEnv } from "../io/machine_env.ts";
import type { UsageProblem, UsageSkipNote } from "../core/usage_types.ts";
import type { HostId } from "../core/platform_types.ts";
import { aggregateTables } from "./aggregate.ts";
import { loadPriceTable } from "./cost.ts";
import { rowJson, type UsageRowJson } from "./render.ts";
import { scanUsage } from "./scan.ts";

/** One ranked row of the host board. */
export interface HostBoardRow extends UsageRowJson {
  /** 1 for the largest spender. */
  rank: number;
  /** The row's share of all tokens, 0–100. */
  sharePct: number;
  /** The row's share of all cost, 0–100 (0 when nothing is priced). */
  costSharePct: number;
}

/** What {@link hostLeaderboard} returns. */
export interface HostBoard {
  /** Always `host-scan-logs`: never summed with the other boards. */
  origin: "host-scan-logs";
  /** What the board ranks. */
  by: "platform" | "model";
  /** The ranked rows. */
  host: HostBoardRow[];
  /** Platforms that could not be read (synced ones without a local cache). */
  hostSkipped: UsageSkipNote[];
  /** Bad input met, once per source. */
  problems: UsageProblem[];
  /** The price table's version, naming the prices behind `costUsd`. */
  pricesVersion: string;
}

/** Options of {@link hostLeaderboard}. */
export interface HostBoardOptions {
  /** Home, env and OS to read. */
  machine: MachineEnv;
  /** Rank platforms (default) or models. */
  by?: "platform" | "model";
  /** Only usage at or after this time, in ms. */
  since?: number;
  /** Only these platforms. */
  platforms?: HostId[];
  /** Use the kept cursors (default: when writable). */
  cache?: boolean;
}

/** Ranks rows by cost, then total tokens, largest first (then by key), and numbers them. */
export function rankRows(rows: UsageRowJson[]): HostBoardRow[] {
  const all = rows.reduce((n, r) => n + r.total, 0);
  const usd = rows.reduce((n, r) => n + (r.costUsd ?? 0), 0);
  const pct = (part: number, whole: number) =>
    whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
  return [...rows]
    .sort((a, b) =>
      (b.costUsd ?? -1) - (a.costUsd ?? -1) || b.total - a.total ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    )
    .map((row, i) => ({
      ...row,
      rank: i + 1,
      sharePct: pct(row.total, all),
      costSharePct: pct(row.costUsd ?? 0, usd),
    }));
}

/**
 * Scans the host logs and returns the host board plus the skip notes, for
 * the unified `leaderboard` (`--json` keys `host` and `hostSkipped`).
 *
 * @example
 * ```ts
 * import { hostLeaderboard } from "./leaderboard.ts";
 * import { currentMachineEnv } from "../io/machine_env.ts";
 * const { host, hostSkipped } = await hostLeaderboard({ machine: currentMachineEnv() });
 * ```
 */
export async function hostLeaderboard(options: HostBoardOptions): Promise<HostBoard> {
  const by = options.by ?? "platform";
  const [scan, prices] = await Promise.all([
    scanUsage({
      machine: options.machine,
      since: options.since,
      platforms: options.platforms,
      cache: options.cache,
    }),
    loadPriceTable(options.machine.env),
  ]);
  const { rows } = aggregateTables(scan.tables, by, { prices });
  return {
    origin: "host-scan-logs",
    by,
    host: rankRows(rows.map(rowJson)),
    hostSkipped: scan.skipped,
    problems: scan.problems,
    pricesVersion: prices.version,
  };
}
