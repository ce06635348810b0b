/**
 * Terminal tables for `telemetry report|leaderboard` and the 🔌 / 🛰️ boards of
 * the unified `leaderboard`.
 *
 * @module
 */

import { num, table } from "../usage/render.ts";
import type { ContentFootprint } from "./footprint.ts";
import type { RankedRow } from "./report.ts";

/** Column titles for the key fields a board may have. */
const KEY_TITLES: Record<string, string> = {
  connectorId: "CONNECTOR",
  toolName: "TOOL",
  scope: "SCOPE",
  sessionId: "SESSION",
  hostPlatform: "HOST",
  projectKey: "PROJECT",
  projectDir: "FOLDER",
  surface: "SURFACE",
  model: "MODEL",
};

/**
 * Renders ranked rows; `countTitle` names what `count` counts (calls,
 * turns, …). Returns `empty` when there are no rows.
 */
export function renderRanked(
  rows: readonly RankedRow[],
  countTitle: string,
  empty: string,
): string {
  if (rows.length === 0) return `${empty}\n`;
  const keys = Object.keys(rows[0].key);
  const head = [
    "RANK",
    ...keys.map((k) => KEY_TITLES[k] ?? k.toUpperCase()),
    countTitle.toUpperCase(),
    "ERRORS",
    "INPUT",
    "OUTPUT",
    "TOTAL",
    "SHARE",
    "CONFIDENCE",
  ];
  const body = rows.map((r) => [
    String(r.rank),
    ...keys.map((k) => r.key[k] || "—"),
    num(r.count),
    num(r.errors),
    num(r.inputTokens),
    num(r.outputTokens),
    num(r.totalTokens),
    `${r.sharePct.toFixed(1)}%`,
    r.confidence,
  ]);
  const right = head.map((_, i) => i === 0 || (i > keys.length && i < head.length - 1));
  return table(head, body, right);
}

/** Renders static content footprints (commands, skills, subagents). */
export function renderFootprints(items: readonly ContentFootprint[]): string {
  if (items.length === 0) return "No commands, skills or subagents.\n";
  const sorted = [...items].sort((a, b) => b.perTurnTokens - a.perTurnTokens);
  return table(
    ["CONNECTOR", "SURFACE", "NAME", "PER TURN", "ON USE"],
    sorted.map((f) => [
      f.connectorId,
      f.surface,
      f.name,
      num(f.perTurnTokens),
      num(f.onUseTokens),
    ]),
    [false, false, false, true, true],
  );
}
