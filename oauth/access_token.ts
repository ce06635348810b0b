/**
 * `getAccessToken` (spec §9.1): the runtime half of `auth login`. A cached
 * access token is reused until 60 s before it expires; otherwise the stored
 * refresh token is exchanged, a rotated one is stored before the call
 * returns, and concurrent calls for one login share a single refresh or login.
 *
 * @module
 */

import { SecretError } from "../secrets/errors.ts";
import type { CallOptions } from "./_http.ts";
import { openEngine } from "./_context.ts";
import { resolveClient, resolveTarget, storeAsOf, tokenRequest } from "./_login_def.ts";
import { cachedToken, forgetCachedToken, rememberToken } from "./_token_cache.ts";
import { canOpenBrowser } from "./browser.ts";
import { OAuthError, OAuthLoginRequiredError } from "./errors.ts";
import { loginWithTokens } from "./login.ts";
import { markLoginRevoked, withTokenLock } from "./metadata.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import type { AccessTokenOptions, TokenSet } from "./types.ts";

const inflight = new Map<string, Promise<TokenSet>>();

/**
 * Returns an access token for login `key` of connector `connectorId`,
 * refreshing (or, with `interactive`, logging in) when needed. Human text goes
 * to stderr only, so a stdio MCP server may call it.
 *
 * @example
 * ```ts ignore
 * import { getAccessToken } from "@ken-jo/agent-connector/sdk";
 * const { accessToken } = await getAccessToken({
 *   connectorId: "seo-mcp",
 *   key: "search",
 *   def: connector.oauth.search,
 * });
 * ```
 */
export function getAccessToken(options: AccessTokenOptions): Promise<TokenSet> {
  const id = `${options.connectorId}/${options.key}`;
  if (options.interactive !== "always") {
    const cached = cachedToken(options.connectorId, options.key);
    if (cached) return Promise.resolve(cached);
  }
  const running = inflight.get(id);
  if (running) return running.then((t) => ({ ...t }));
  const pending = obtain(options).finally(() => inflight.delete(id));
  inflight.set(id, pending);
  return pending.then((t) => ({ ...t }));
}

/** `options.def`, else the login definition the connector's registry record holds. */
function definitionOf(
  options: AccessTokenOptions,
  dataRoot: string,
): NonNullable<AccessTokenOptions["def"]> {
  if (options.def) return options.def;
  const { connectorId, key } = options;
  const def = readConnectorRecord(dataRoot, connectorId)?.oauth?.[key];
  if (def) return def;
  throw new OAuthError(
    "config",
    `no login definition for "${key}" of connector ${connectorId}: pass def, or install the connector (its record keeps the definitions)`,
    { hint: "pass def (the connector's oauth[key]) to getAccessToken" },
  );
}

async function obtain(given: AccessTokenOptions): Promise<TokenSet> {
  const ctx = openEngine(given);
  const options = { ...given, def: definitionOf(given, ctx.dataRoot) };
  const { connectorId, key, def } = options;
  const interactive = options.interactive ?? "auto";
  if (interactive === "always") return await lazyLogin(options);
  const storeAs = storeAsOf(key, def);
  if (ctx.store.get(storeAs) === null) return await loginOrThrow(options, interactive);
  const client = resolveClient(connectorId, key, def, ctx.store, ctx.env);
  const call: CallOptions = { fetch: options.fetch, timeoutMs: options.timeoutMs };
  const target = await resolveTarget(def, call);
  // Read, exchange and store the rotated token under the connector's token
  // lock: another process refreshing now waits and then uses the rotated one.
  const tokens = await withTokenLock(ctx.dataRoot, connectorId, async () => {
    const refreshToken = ctx.store.get(storeAs);
    if (refreshToken === null) return undefined;
    let fresh: TokenSet;
    try {
      fresh = await tokenRequest(
        { grant_type: "refresh_token", refresh_token: refreshToken },
        client,
        target,
        call,
      );
    } catch (error) {
      const rejected = error instanceof OAuthError && error.error !== undefined &&
        (error.error === "invalid_grant" ||
          target.preset.refreshRejectedErrors.includes(error.error));
      if (!rejected) throw error;
      try {
        ctx.store.delete(storeAs);
      } catch (deleteError) {
        if (!(deleteError instanceof SecretError)) throw deleteError;
      }
      markLoginRevoked(ctx.dataRoot, connectorId, key);
      forgetCachedToken(connectorId, key);
      return undefined;
    }
    if (fresh.refreshToken && fresh.refreshToken !== refreshToken) {
      ctx.store.set(storeAs, fresh.refreshToken);
    }
    return fresh;
  });
  if (!tokens) return await loginOrThrow(options, interactive);
  rememberToken(connectorId, key, tokens);
  const { refreshToken: _stored, ...out } = tokens;
  return out;
}

async function loginOrThrow(
  options: AccessTokenOptions,
  interactive: "auto" | "never",
): Promise<TokenSet> {
  const env = options.env ?? options.secretStore?.env;
  const browser = options.openBrowser !== undefined ||
    canOpenBrowser(env ?? undefined, options.platform);
  if (interactive === "never" || !browser) {
    throw new OAuthLoginRequiredError(options.connectorId, options.key);
  }
  return await lazyLogin(options);
}

async function lazyLogin(options: AccessTokenOptions): Promise<TokenSet> {
  const { tokens } = await loginWithTokens({ ...options, def: options.def! });
  const { refreshToken: _stored, ...out } = tokens;
  return out;
}
