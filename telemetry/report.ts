/**
 * `telemetry report` and `telemetry leaderboard` (spec §3): regroupings of
 * the stored rows. Pure functions of {@link RowGroup}s.
 *
 * @module
 */

import type { RowGroup } from "./groups.ts";
import { type ConfidenceSource, weakerConfidence } from "./rows.ts";

/** Report axes. */
export type ReportBy = "tool" | "session" | "project";

/** Every report axis. */
export const REPORT_BY: readonly ReportBy[] = ["tool", "session", "project"];

/** One ranked line of a report or leaderboard. */
export interface RankedRow {
  /** 1 for the largest. */
  rank: number;
  /** What the line is about (by axis: connectorId, toolName, sessionId, …). */
  key: Record<string, string>;
  /** Rows summed (calls, listings, dispatches, turns). */
  count: number;
  /** Of which failed. */
  errors: number;
  /** Input tokens. */
  inputTokens: number;
  /** Output tokens. */
  outputTokens: number;
  /** Input + output. */
  totalTokens: number;
  /** The weakest confidence among the rows. */
  confidence: ConfidenceSource;
  /** Share of all tokens on the board, 0–100 (one decimal). */
  sharePct: number;
  /** Distinct sessions. */
  sessions: number;
  /** First and last row time. */
  firstTs: string;
  /** Last row time. */
  lastTs: string;
}

/** Sums groups by `keyOf` and ranks the result by total tokens, largest first. */
export function rankGroups(
  groups: readonly RowGroup[],
  keyOf: (g: RowGroup) => Record<string, string>,
): RankedRow[] {
  const lines = new Map<string, RankedRow & { sessionSet: Set<string> }>();
  for (const g of groups) {
    const key = keyOf(g);
    const id = JSON.stringify(key);
    let line = lines.get(id);
    if (!line) {
      line = {
        rank: 0,
        key,
        count: 0,
        errors: 0,
        inputTokens: 0,
        outputTokens: 0,
        totalTokens: 0,
        confidence: g.confidenceSource,
        sharePct: 0,
        sessions: 0,
        firstTs: g.firstTs,
        lastTs: g.lastTs,
        sessionSet: new Set(),
      };
      lines.set(id, line);
    }
    line.count += g.count;
    if (g.isError) line.errors += g.count;
    line.inputTokens += g.inputTokens;
    line.outputTokens += g.outputTokens;
    line.totalTokens += g.inputTokens + g.outputTokens;
    line.confidence = weakerConfidence(line.confidence, g.confidenceSource);
    line.sessionSet.add(g.sessionId);
    if (g.firstTs < line.firstTs) line.firstTs = g.firstTs;
    if (g.lastTs > line.lastTs) line.lastTs = g.lastTs;
  }
  const all = [...lines.values()].reduce((n, l) => n + l.totalTokens, 0);
  return [...lines.values()]
    .sort((a, b) =>
      b.totalTokens - a.totalTokens || JSON.stringify(a.key).localeCompare(JSON.stringify(b.key))
    )
    .map(({ sessionSet, ...line }, i) => ({
      ...line,
      rank: i + 1,
      sessions: sessionSet.size,
      sharePct: all > 0 ? Math.round((line.totalTokens / all) * 1000) / 10 : 0,
    }));
}

/** `telemetry report --by tool|session|project`. */
export function telemetryReport(groups: readonly RowGroup[], by: ReportBy): RankedRow[] {
  switch (by) {
    case "tool":
      return rankGroups(groups, (g) => ({
        connectorId: g.connectorId,
        toolName: g.toolName,
        scope: g.scope,
      }));
    case "session":
      return rankGroups(groups, (g) => ({
        connectorId: g.connectorId,
        sessionId: g.sessionId,
        hostPlatform: g.hostPlatform,
      }));
    case "project":
      return rankGroups(groups, (g) => ({
        projectKey: g.projectKey,
        projectDir: g.projectDir ?? "",
      }));
  }
}

/** Leaderboard axes of `telemetry leaderboard`. */
export type LeaderboardBy = "mcp" | "tool" | "surface";

/** Every leaderboard axis. */
export const LEADERBOARD_BY: readonly LeaderboardBy[] = ["mcp", "tool", "surface"];

/** Which MCP (connector) costs the most. */
export function mcpBoard(groups: readonly RowGroup[]): RankedRow[] {
  return rankGroups(groups, (g) => ({ connectorId: g.connectorId }));
}

/** Which tool costs the most. */
export function toolBoard(groups: readonly RowGroup[]): RankedRow[] {
  return rankGroups(groups, (g) => ({ connectorId: g.connectorId, toolName: g.toolName }));
}

/** The runtime surfaces (`server`, `hook`) of each connector, from its rows. */
export function runtimeSurfaceBoard(groups: readonly RowGroup[]): RankedRow[] {
  return rankGroups(groups, (g) => ({ connectorId: g.connectorId, surface: g.surfaceKind }));
}

/** Host-native turns (scope `model_turn`) by host and model. */
export function hostNativeBoard(groups: readonly RowGroup[]): RankedRow[] {
  return rankGroups(
    groups.filter((g) => g.scope === "model_turn"),
    (g) => ({ connectorId: g.connectorId, hostPlatform: g.hostPlatform, model: g.toolName }),
  );
}
