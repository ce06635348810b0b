/**
 * Types of the host usage layer (spec §5 "Host usage layer"): one record per
 * model request read from an agent host's own logs, with four disjoint token
 * counts from which every total is derived.
 *
 * @module
 */

import type { HostId } from "./platform_types.ts";

/** The axes a usage report can group by (spec §3 `usage`): never tool or MCP. */
export type UsageGroupBy =
  | "platform"
  | "project"
  | "session"
  | "model"
  | "day"
  | "week"
  | "month";

/** Every {@link UsageGroupBy} value, in help order. */
export const USAGE_GROUP_BY: readonly UsageGroupBy[] = [
  "platform",
  "project",
  "session",
  "model",
  "day",
  "week",
  "month",
];

/**
 * How far a count can be trusted: `host-reported` numbers come from the host's
 * own usage fields; `host-estimated` ones are derived (character counts,
 * cost-only logs).
 */
export type UsageConfidence = "host-reported" | "host-estimated";

/**
 * Token counts of one request in four disjoint buckets, plus two informational
 * subsets. Nothing is counted twice: `input` excludes cache reads and writes.
 */
export interface UsageTokens {
  /** Input tokens that were neither read from nor written to a cache. */
  input: number;
  /** Input tokens read from a prompt cache. */
  cacheRead: number;
  /** Input tokens written to a prompt cache (5-minute and 1-hour writes). */
  cacheWrite: number;
  /** The 1-hour part of `cacheWrite` (informational, already inside it). */
  cacheWrite1h: number;
  /** Output tokens, reasoning included. */
  output: number;
  /** The reasoning part of `output` (informational, already inside it). */
  reasoning: number;
}

/** One deduplicated model request (or turn) read from a host's logs. */
export interface UsageRecord {
  /** The host that logged it. */
  platformId: HostId;
  /** The host's session id (or the log file's name when it has none). */
  sessionId: string;
  /** The project: the working directory when logged, else the host's folder name. */
  projectKey: string;
  /** The model id as the host logged it. */
  modelId?: string;
  /** The model provider, when the host logs one. */
  providerId?: string;
  /** When the request happened, in ms since the epoch. */
  ts: number;
  /** The four disjoint counts. */
  tokens: UsageTokens;
  /** The cost in USD the host itself logged, when it logs one. */
  costUsd?: number;
  /** A price factor the host's billing tier applies (2 for Codex's priority tier). */
  pricingMultiplier?: number;
  /** Where the numbers come from. */
  confidence: UsageConfidence;
}

/** A platform the scan could not read, with the reason (spec §5 synced platforms). */
export interface UsageSkipNote {
  /** The host id. */
  platform: HostId;
  /** Why, in one sentence (`requires sync — their usage is kept by the vendor's service, …`). */
  reason: string;
}

/** Bad input met while scanning: reported once per source, the scan goes on. */
export interface UsageProblem {
  /** The host whose logs it is. */
  platform: HostId;
  /** The file or folder. */
  path: string;
  /** The 1-based line of the first occurrence, when known. */
  line?: number;
  /** What is wrong and what was done about it. */
  message: string;
  /** How many times the same source had a problem in this scan (at least 1). */
  count: number;
}
