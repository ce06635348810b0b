/**
 * The per-process access token cache, keyed `<connectorId>/<key>`. Tokens
 * live here and nowhere else: never on disk.
 *
 * @module
 */

import type { TokenSet } from "./types.ts";

/** Reuse margin before `expiresAt`. */
export const EXPIRY_MARGIN_MS = 60_000;
/** How long a token without `expires_in` is reused. */
export const NO_EXPIRY_REUSE_MS = 3_600_000;

interface Entry {
  tokens: TokenSet;
  reuseUntil: number;
}

const cache = new Map<string, Entry>();

function keyOf(connectorId: string, key: string): string {
  return `${connectorId}/${key}`;
}

/** Caches `tokens` (without the refresh token) for reuse. */
export function rememberToken(
  connectorId: string,
  key: string,
  tokens: TokenSet,
  now: number = Date.now(),
): void {
  const { refreshToken: _dropped, ...kept } = tokens;
  const reuseUntil = tokens.expiresAt
    ? Date.parse(tokens.expiresAt) - EXPIRY_MARGIN_MS
    : now + NO_EXPIRY_REUSE_MS;
  cache.set(keyOf(connectorId, key), { tokens: kept, reuseUntil });
}

/** The cached token while it is still reusable. */
export function cachedToken(
  connectorId: string,
  key: string,
  now: number = Date.now(),
): TokenSet | undefined {
  const entry = cache.get(keyOf(connectorId, key));
  return entry && now < entry.reuseUntil ? { ...entry.tokens } : undefined;
}

/** Drops a cached token (logout, revoked grant). */
export function forgetCachedToken(connectorId: string, key: string): void {
  cache.delete(keyOf(connectorId, key));
}

/** Drops every cached token (tests). */
export function clearTokenCache(): void {
  cache.clear();
}
