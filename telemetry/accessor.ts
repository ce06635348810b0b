/**
 * The programmatic read side of telemetry (spec §8 public types): what a
 * connector's own code, a dashboard or a test reads back of the rows `serve`
 * and the hook entry recorded — the same numbers `telemetry report` prints,
 * without the CLI. Read-only, local, aggregate counts only.
 *
 * @module
 */

import { homedir } from "node:os";
import process from "node:process";
import { dataRoot } from "../io/data_root.ts";
import { readTelemetryGroups, readTelemetryRows } from "./read.ts";
import { type RankedRow, telemetryReport } from "./report.ts";
import {
  type ConfidenceSource,
  type TelemetryRow,
  type TelemetryScope,
  weakerConfidence,
} from "./rows.ts";

/** Which rows to read. */
export interface TelemetryQuery {
  /** Only rows at or after this time (an ISO timestamp or a `Date`). */
  since?: string | Date;
  /** Only these scopes (`call`, `tool_defs`, `model_turn`, `hook`). */
  scopes?: readonly TelemetryScope[];
}

/** The totals of one connector's (or every connector's) telemetry. */
export interface TelemetryUsageSummary {
  /** The connector read, or undefined for every connector. */
  connectorId?: string;
  /** The lower time bound applied, as an ISO timestamp. */
  since?: string;
  /** Rows summed: tool calls, listings, hook dispatches, model turns. */
  count: number;
  /** Of which failed. */
  errors: number;
  /** Input tokens. */
  inputTokens: number;
  /** Output tokens. */
  outputTokens: number;
  /** Input + output. */
  totalTokens: number;
  /** The weakest confidence label among the rows; undefined with no rows. */
  confidence?: ConfidenceSource;
  /** Distinct sessions. */
  sessions: number;
  /** Per tool, largest first (as `telemetry report --by tool`). */
  byTool: RankedRow[];
  /** Stores that could not be read, with why (a summary still answers). */
  warnings: string[];
}

/** Reads a data root's telemetry. Every call reads the stores afresh. */
export interface TelemetryAccessor {
  /** The data root read. */
  readonly dataRoot: string;
  /** Every matching row, oldest first. */
  rows(query?: TelemetryQuery): Promise<TelemetryRow[]>;
  /** The matching rows summed, with a per-tool breakdown. */
  summary(query?: TelemetryQuery): Promise<TelemetryUsageSummary>;
}

/** Where to read. */
export interface TelemetryAccessorOptions {
  /** Only this connector's rows; every connector's when omitted. */
  connectorId?: string;
  /** The data root; default `AGENT_CONNECTOR_DATA_DIR`, else `~/.agent-connector`. */
  dataDir?: string;
}

/**
 * Opens the telemetry of the data root for reading.
 *
 * @param options Which connector and data root to read.
 * @returns An accessor; nothing is read until it is asked.
 * @example
 * ```ts ignore
 * import { telemetryAccessor } from "@ken-jo/agent-connector/sdk";
 * const usage = await telemetryAccessor({ connectorId: "acme-db" }).summary({ since: "2026-12-01" });
 * console.log(usage.totalTokens, usage.byTool[0]?.key.toolName);
 * ```
 */
export function telemetryAccessor(options: TelemetryAccessorOptions = {}): TelemetryAccessor {
  const root = options.dataDir ?? dataRoot({ home: homedir(), env: process.env });
  const filter = (query: TelemetryQuery = {}) => ({
    connectorId: options.connectorId,
    since: query.since instanceof Date ? query.since.toISOString() : query.since,
    scopes: query.scopes,
  });
  return {
    dataRoot: root,
    async rows(query) {
      return (await readTelemetryRows(root, filter(query))).data;
    },
    async summary(query) {
      const f = filter(query);
      const { data: groups, warnings } = await readTelemetryGroups(root, f);
      const sessions = new Set<string>();
      const sum = { count: 0, errors: 0, inputTokens: 0, outputTokens: 0 };
      let confidence: ConfidenceSource | undefined;
      for (const g of groups) {
        sum.count += g.count;
        if (g.isError) sum.errors += g.count;
        sum.inputTokens += g.inputTokens;
        sum.outputTokens += g.outputTokens;
        sessions.add(g.sessionId);
        confidence = confidence
          ? weakerConfidence(confidence, g.confidenceSource)
          : g.confidenceSource;
      }
      return {
        ...(options.connectorId ? { connectorId: options.connectorId } : {}),
        ...(f.since ? { since: f.since } : {}),
        ...sum,
        totalTokens: sum.inputTokens + sum.outputTokens,
        ...(confidence ? { confidence } : {}),
        sessions: sessions.size,
        byTool: telemetryReport(groups, "tool"),
        warnings,
      };
    },
  };
}
