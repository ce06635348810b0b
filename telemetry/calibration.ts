/**
 * The opt-in Anthropic `count_tokens` calibration sampler (spec §5). Our
 * offline counts for Claude-family sessions are `o200k_base` approximations;
 * with calibration on, a few measured texts are sent to Anthropic's
 * `count_tokens` endpoint, the ratio of its counts to ours is learned, and
 * later approximate counts are scaled by it and labelled
 * `tokenizer-calibrated`.
 *
 * Sending text off the machine needs three yeses: the connector's
 * `telemetry.calibration.anthropicCountTokens: true`, and the user's
 * `AGENT_CONNECTOR_CALIBRATE=anthropic` with an `ANTHROPIC_API_KEY`. Without
 * all three nothing is sent and nothing changes. Requests are rate-limited
 * (one in flight, a minimum interval, a cap per process), time out, and never
 * throw into the caller; a failure leaves the counts approximate.
 *
 * @module
 */

/** Whether calibration may send text: the connector's and the user's consent. */
export function calibrationEnabled(
  env: Record<string, string | undefined>,
  config: { anthropicCountTokens?: boolean } | undefined,
): boolean {
  return config?.anthropicCountTokens === true &&
    env.AGENT_CONNECTOR_CALIBRATE?.trim().toLowerCase() === "anthropic" &&
    Boolean(env.ANTHROPIC_API_KEY?.trim());
}

/**
 * What a thread needs to start the sampler: plain data, so it crosses to the
 * tokenizer's thread in `workerData` (held in memory only, never written).
 */
export interface CalibrationInit {
  /** The API key. */
  apiKey: string;
  /** The API root (`ANTHROPIC_BASE_URL`), when set. */
  baseUrl?: string;
}

/**
 * The sampler's start data when calibration is on for this connector and
 * user ({@link calibrationEnabled}), else undefined. The API root is
 * `ANTHROPIC_BASE_URL` when set (as Anthropic's own clients read it, so a
 * proxy or gateway the user already points them at is honoured too).
 */
export function calibrationFromEnv(
  env: Record<string, string | undefined>,
  config: { anthropicCountTokens?: boolean } | undefined,
): CalibrationInit | undefined {
  if (!calibrationEnabled(env, config)) return undefined;
  const baseUrl = env.ANTHROPIC_BASE_URL?.trim();
  return { apiKey: env.ANTHROPIC_API_KEY!.trim(), ...(baseUrl ? { baseUrl } : {}) };
}

/** How the sampler talks to Anthropic and how often. */
export interface CalibratorOptions {
  /** The API key (`ANTHROPIC_API_KEY`). */
  apiKey: string;
  /** API root; default `https://api.anthropic.com` ({@link calibrationFromEnv} reads `ANTHROPIC_BASE_URL`). */
  baseUrl?: string;
  /** The model whose tokenizer counts; default {@link DEFAULT_CALIBRATION_MODEL}. */
  model?: string;
  /** At least this long between two requests (default 60 s). */
  minIntervalMs?: number;
  /** At most this many requests per process (default 20). */
  maxRequests?: number;
  /** A request is abandoned after this long (default 5 s). */
  timeoutMs?: number;
  /** Texts shorter than this (characters) are not worth a request (default 200). */
  minChars?: number;
  /** The fetch to use (tests pass their own); default the global one. */
  fetch?: typeof fetch;
  /** The clock (ms); default `Date.now`. */
  now?: () => number;
}

/** The model named in count requests when none is configured. */
export const DEFAULT_CALIBRATION_MODEL = "claude-sonnet-4-5";

/** A learned scale for approximate counts. */
export interface Calibrator {
  /**
   * Offers a measured text: sent for counting when the rate limit allows.
   * Never throws; returns the pending request (tests await it).
   */
  consider(text: string, approxTokens: number): Promise<void>;
  /**
   * True when a text of `chars` characters offered now would be sent (long
   * enough, none in flight, the rate limit and the cap allow): the caller
   * can skip preparing a sample that would be dropped.
   */
  wants(chars: number): boolean;
  /** `approxTokens` scaled by the learned ratio, or undefined before any sample answered. */
  adjust(approxTokens: number): number | undefined;
  /** Samples answered, failed, and the current ratio (for reports and tests). */
  stats(): { answered: number; failed: number; ratio?: number };
}

/**
 * Creates a sampler. The fixed cost of a request (the message framing
 * Anthropic counts besides the text) is measured once with a one-character
 * message and subtracted from every sample, so the ratio is of text to text.
 */
export function createCalibrator(options: CalibratorOptions): Calibrator {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const minInterval = options.minIntervalMs ?? 60_000;
  const maxRequests = options.maxRequests ?? 20;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const minChars = options.minChars ?? 200;
  const url = `${(options.baseUrl ?? "https://api.anthropic.com").replace(/\/+$/, "")}` +
    "/v1/messages/count_tokens";
  let requests = 0;
  let inFlight = false;
  let lastAt = -Infinity;
  let overhead: number | undefined;
  let theirs = 0;
  let ours = 0;
  let answered = 0;
  let failed = 0;

  const count = async (text: string): Promise<number> => {
    requests++;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": options.apiKey,
          "anthropic-version": "2023-06-01",
        },
        body: JSON.stringify({
          model: options.model ?? DEFAULT_CALIBRATION_MODEL,
          messages: [{ role: "user", content: text }],
        }),
        signal: abort.signal,
      });
      const body = await response.json().catch(() => undefined) as
        | { input_tokens?: unknown }
        | undefined;
      const tokens = body?.input_tokens;
      if (!response.ok || typeof tokens !== "number" || !Number.isFinite(tokens) || tokens < 0) {
        throw new Error(`count_tokens answered ${response.status}`);
      }
      return tokens;
    } finally {
      clearTimeout(timer);
    }
  };

  const wants = (chars: number): boolean =>
    !inFlight && chars >= minChars &&
    requests + (overhead === undefined ? 2 : 1) <= maxRequests && now() - lastAt >= minInterval;

  return {
    wants,
    async consider(text, approxTokens) {
      if (!wants(text.length) || approxTokens <= 0) return;
      inFlight = true;
      lastAt = now();
      try {
        overhead ??= Math.max(0, (await count("x")) - 1);
        const counted = (await count(text)) - overhead;
        if (counted > 0) {
          theirs += counted;
          ours += approxTokens;
          answered++;
        }
      } catch {
        failed++; // the counts stay approximate; the next window may try again
      } finally {
        inFlight = false;
      }
    },
    adjust(approxTokens) {
      if (ours === 0) return undefined;
      return Math.round(approxTokens * theirs / ours);
    },
    stats() {
      return { answered, failed, ...(ours > 0 ? { ratio: theirs / ours } : {}) };
    },
  };
}
