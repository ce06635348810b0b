/**
 * The secret name holding a login's refresh token.
 *
 * @module
 */

import type { OAuthLoginDef } from "./types.ts";

/** `def.storeAs` or its default `oauth.<key>.refresh-token`. */
export function storeAsOf(key: string, def: OAuthLoginDef): string {
  return def.storeAs ?? `oauth.${key}.refresh-token`;
}
