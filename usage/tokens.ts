/**
 * Arithmetic on the four disjoint token counts, and the rule that picks one
 * record when a request was logged more than once.
 *
 * @module
 */

import type { UsageTokens } from "../core/usage_types.ts";
import type { ReaderRecord } from "./reader.ts";

/** Returns a new all-zero count. */
export function zeroTokens(): UsageTokens {
  return { input: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: 0, reasoning: 0 };
}

/** Adds `b` into `a` (mutates `a`) and returns it. */
export function addTokens(a: UsageTokens, b: UsageTokens): UsageTokens {
  a.input += b.input;
  a.cacheRead += b.cacheRead;
  a.cacheWrite += b.cacheWrite;
  a.cacheWrite1h += b.cacheWrite1h;
  a.output += b.output;
  a.reasoning += b.reasoning;
  return a;
}

/** All input: uncached, cache reads and cache writes. */
export function totalInput(t: UsageTokens): number {
  return t.input + t.cacheRead + t.cacheWrite;
}

/** Every token of the request: all input plus output. */
export function totalTokens(t: UsageTokens): number {
  return t.input + t.cacheRead + t.cacheWrite + t.output;
}

/** True when every bucket is zero (such a line is not a request worth counting). */
export function isZero(t: UsageTokens): boolean {
  return t.input === 0 && t.cacheRead === 0 && t.cacheWrite === 0 && t.output === 0;
}

/**
 * A non-negative integer from a logged value; anything else is 0, except a
 * number too large for a double (`1e400` in a log parses as Infinity): that
 * is NaN, so the record it goes into fails {@link implausibleTokens} and is
 * dropped with a note instead of silently counting 0.
 */
export function count(value: unknown): number {
  if (typeof value !== "number") return 0;
  if (value === Infinity) return NaN;
  return value > 0 ? Math.floor(value) : 0;
}

/**
 * The most tokens one request can log in one count: a thousand times the
 * largest context window models offer (about 1-2 M tokens). A larger count is
 * a corrupt or hostile line (`input_tokens: 1e308` would print ∞ and $NaN).
 */
export const MAX_REQUEST_TOKENS = 1e9;

/**
 * Why a request's counts cannot be real (a count that is not a finite
 * integer from 0 to {@link MAX_REQUEST_TOKENS}), or undefined when they can.
 */
export function implausibleTokens(t: UsageTokens): string | undefined {
  for (const k of TIE_COUNTS) {
    const n = t[k];
    if (!(n >= 0 && n <= MAX_REQUEST_TOKENS) || !Number.isInteger(n)) {
      return `a line logs an impossible token count (${k}: ${n}); the line was skipped`;
    }
  }
  return undefined;
}

/**
 * Of two records of the same request, returns the one that counts: the larger
 * token total (a streamed response's final line); on a tie the primary copy
 * over a secondary one (a sidechain replay), then the earlier one, then the
 * lexically smaller session and project, then the host cost, the model, each
 * count, the provider and the multiplier, so the choice never depends on the
 * order files were read in.
 */
export function preferRecord<T extends ReaderRecord>(a: T, b: T): T {
  const ta = totalTokens(a.tokens);
  const tb = totalTokens(b.tokens);
  if (ta !== tb) return ta > tb ? a : b;
  const sa = a.secondary ? 1 : 0;
  const sb = b.secondary ? 1 : 0;
  if (sa !== sb) return sa < sb ? a : b;
  if (a.ts !== b.ts) return a.ts < b.ts ? a : b;
  if (a.sessionId !== b.sessionId) return a.sessionId < b.sessionId ? a : b;
  if (a.projectKey !== b.projectKey) return a.projectKey < b.projectKey ? a : b;
  if ((a.costUsd ?? -1) !== (b.costUsd ?? -1)) return (a.costUsd ?? -1) > (b.costUsd ?? -1) ? a : b;
  if ((a.modelId ?? "") !== (b.modelId ?? "")) return (a.modelId ?? "") < (b.modelId ?? "") ? a : b;
  for (const k of TIE_COUNTS) {
    if (a.tokens[k] !== b.tokens[k]) return a.tokens[k] > b.tokens[k] ? a : b;
  }
  if ((a.providerId ?? "") !== (b.providerId ?? "")) {
    return (a.providerId ?? "") < (b.providerId ?? "") ? a : b;
  }
  return (a.pricingMultiplier ?? 1) <= (b.pricingMultiplier ?? 1) ? a : b;
}

/** The counts that break a last tie, in order (so the choice never depends on file order). */
export const TIE_COUNTS = [
  "output",
  "input",
  "cacheRead",
  "cacheWrite",
  "cacheWrite1h",
  "reasoning",
] as const;

/** Parses an ISO-8601 timestamp (or epoch ms/s number) into ms; NaN when it is neither. */
export function parseTs(value: unknown): number {
  if (typeof value === "number") return value < 1e12 ? value * 1000 : value;
  if (typeof value === "string") return Date.parse(value);
  return NaN;
}
