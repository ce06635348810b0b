/**
 * Rows summed by every dimension: what reports and leaderboards regroup, and
 * what the ndjson store keeps as a rollup per day so a query need not re-read
 * old event files.
 *
 * @module
 */

import type { TelemetryRow } from "./rows.ts";

/** Rows that share every dimension, summed. */
export interface RowGroup extends Omit<TelemetryRow, "ts" | "projectDir"> {
  /** How many rows. */
  count: number;
  /** The first row's timestamp. */
  firstTs: string;
  /** The last row's timestamp. */
  lastTs: string;
  /** A project folder seen in the group, when one was recorded. */
  projectDir?: string;
}

/** The dimension key of a row or group. */
export function groupKey(r: Omit<TelemetryRow, "ts" | "inputTokens" | "outputTokens">): string {
  return JSON.stringify([
    r.connectorId,
    r.toolName,
    r.scope,
    r.surfaceKind,
    r.hostPlatform,
    r.sessionId,
    r.projectKey,
    r.confidenceSource,
    r.isError,
  ]);
}

/** Accumulates rows and groups into groups. */
export class GroupAccumulator {
  readonly #groups = new Map<string, RowGroup>();

  /** Adds one row. */
  addRow(row: TelemetryRow): void {
    this.addGroup({ ...row, count: 1, firstTs: row.ts, lastTs: row.ts });
  }

  /** Adds an already summed group. */
  addGroup(group: RowGroup): void {
    const key = groupKey(group);
    const have = this.#groups.get(key);
    if (!have) {
      const { ts: _ts, ...rest } = group as RowGroup & { ts?: string };
      this.#groups.set(key, { ...rest });
      return;
    }
    have.count += group.count;
    have.inputTokens += group.inputTokens;
    have.outputTokens += group.outputTokens;
    if (group.firstTs < have.firstTs) have.firstTs = group.firstTs;
    if (group.lastTs > have.lastTs) have.lastTs = group.lastTs;
    have.projectDir ??= group.projectDir;
  }

  /**
   * Takes one row added before back out (a provisional row being revised);
   * a group left with no rows goes.
   */
  removeRow(row: TelemetryRow): void {
    const key = groupKey(row);
    const have = this.#groups.get(key);
    if (!have) return;
    have.count -= 1;
    have.inputTokens -= row.inputTokens;
    have.outputTokens -= row.outputTokens;
    if (have.count <= 0) this.#groups.delete(key);
  }

  /** The groups so far. */
  groups(): RowGroup[] {
    return [...this.#groups.values()];
  }
}
