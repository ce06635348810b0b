/**
 * The engine's HTTP calls: a form POST or a JSON GET with a per-call timeout,
 * and the RFC 6749 token response parsed into a {@link TokenSet}. Error
 * messages name the endpoint and the provider's `error`, never a body.
 *
 * @module
 */

import { OAuthError } from "./errors.ts";
import type { CallOptions, TokenSet } from "./types.ts";

export type { CallOptions };

/** The default per-call timeout. */
export const CALL_TIMEOUT_MS = 20_000;

/** The endpoint's origin and path, for messages (never its query). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "the endpoint";
  }
}

async function call(
  url: string,
  init: RequestInit,
  what: string,
  options: CallOptions,
): Promise<{ status: number; text: string }> {
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const fetchFn = options.fetch ?? fetch;
  try {
    const res = await fetchFn(url, { ...init, signal, redirect: "error" });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    if (timeout.aborted) {
      throw new OAuthError(
        "timeout",
        `the ${what} at ${describeUrl(url)} did not answer within ${timeoutMs / 1000} s`,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new OAuthError("provider", `cannot reach the ${what} at ${describeUrl(url)}: ${reason}`);
  }
}

/** The error a flow signal was aborted with (an OAuthError when it is one). */
export function abortReason(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof OAuthError) return reason;
  return new OAuthError("timeout", "the login was cancelled");
}

/** GETs a JSON document; undefined on 404 (discovery tries the next URL). */
export async function getJson(
  url: string,
  what: string,
  options: CallOptions,
): Promise<Record<string, unknown> | undefined> {
  const { status, text } = await call(
    url,
    { headers: { accept: "application/json" } },
    what,
    options,
  );
  if (status === 404) return undefined;
  if (status < 200 || status >= 300) {
    throw new OAuthError("discovery", `the ${what} at ${describeUrl(url)} answered HTTP ${status}`);
  }
  const body = parseObject(text);
  if (!body) {
    throw new OAuthError("discovery", `the ${what} at ${describeUrl(url)} is not a JSON object`);
  }
  return body;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The result of a form POST: the HTTP status and the JSON body (empty when none). */
export interface FormResult {
  /** HTTP status. */
  status: number;
  /** The parsed JSON object, `{}` when the body is empty or not JSON. */
  body: Record<string, unknown>;
}

/** POSTs `params` as `application/x-www-form-urlencoded`. */
export async function postForm(
  url: string,
  params: Record<string, string>,
  what: string,
  options: CallOptions & { headers?: Record<string, string> },
): Promise<FormResult> {
  const { status, text } = await call(
    url,
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...options.headers,
      },
      body: new URLSearchParams(params).toString(),
    },
    what,
    options,
  );
  return { status, body: parseObject(text) ?? {} };
}

/**
 * True when a token-endpoint answer is an error: a non-2xx status, or a 2xx
 * whose body carries `error` and no `access_token` (GitHub answers errors
 * with HTTP 200).
 */
export function isErrorResult(result: FormResult): boolean {
  if (result.status < 200 || result.status >= 300) return true;
  return typeof result.body.error === "string" && result.body.access_token === undefined;
}

/** The provider error of an error form result, as an {@link OAuthError}. */
export function providerError(result: FormResult, what: string, url: string): OAuthError {
  const error = typeof result.body.error === "string" ? result.body.error : undefined;
  const description = typeof result.body.error_description === "string"
    ? result.body.error_description
    : undefined;
  const detail = error
    ? `${error}${description ? `: ${description}` : ""}`
    : `HTTP ${result.status}`;
  return new OAuthError("provider", `the ${what} at ${describeUrl(url)} refused: ${detail}`, {
    error,
    errorDescription: description,
  });
}

/** Parses a 2xx token response (RFC 6749 §5.1); `now` stamps `expiresAt`. */
export function parseTokenResponse(result: FormResult, url: string, now: number): TokenSet {
  const b = result.body;
  if (typeof b.access_token !== "string" || b.access_token === "") {
    throw new OAuthError(
      "token",
      `the token endpoint at ${describeUrl(url)} answered without an access_token`,
    );
  }
  const tokens: TokenSet = {
    accessToken: b.access_token,
    tokenType: typeof b.token_type === "string" ? b.token_type : "Bearer",
  };
  const expiresIn = typeof b.expires_in === "number" ? b.expires_in : Number(b.expires_in);
  if (Number.isFinite(expiresIn) && expiresIn > 0) {
    tokens.expiresAt = new Date(now + expiresIn * 1000).toISOString();
  }
  if (typeof b.refresh_token === "string" && b.refresh_token !== "") {
    tokens.refreshToken = b.refresh_token;
  }
  if (typeof b.scope === "string") tokens.scope = b.scope;
  if (typeof b.id_token === "string") tokens.idToken = b.id_token;
  return tokens;
}
