/**
 * `login` and `logout` (spec §9.1): the calls behind `auth login` / `logout`. Login runs the loopback flow: a listener on
 * 127.0.0.1, PKCE S256 and a random `state`, the browser (or the printed URL),
 * the code exchanged with the same `redirect_uri`; then the refresh token goes
 * to the keystore as `storeAs` and the record to `<dataRoot>/oauth/<id>.json`.
 *
 * @module
 */

import { abortReason, type CallOptions, postForm } from "./_http.ts";
import { deviceFlow } from "./device.ts";
import { type EngineContext, openEngine } from "./_context.ts";
import {
  type ClientCredentials,
  labelOf,
  type LoginTarget,
  presetOf,
  resolveClient,
  resolveTarget,
  storeAsOf,
  tokenRequest,
  withClientAuth,
} from "./_login_def.ts";
import { canOpenBrowser, openWithOs } from "./browser.ts";
import { OAuthError } from "./errors.ts";
import { removeLoginRecord, saveLoginRecord, withTokenLock } from "./metadata.ts";
import { createPkce, randomToken } from "./pkce.ts";
import { startLoopback } from "./loopback.ts";
import { forgetCachedToken, rememberToken } from "./_token_cache.ts";
import type {
  LoginOptions,
  LoginResult,
  LogoutOptions,
  LogoutResult,
  ObtainedVia,
  TokenSet,
} from "./types.ts";

/** The default time for a whole login. */
export const LOGIN_TIMEOUT_MS = 300_000;

/**
 * Logs in once and stores the refresh token; returns where it went, never a
 * token.
 *
 * @example
 * ```ts ignore
 * import { login } from "@ken-jo/agent-connector/sdk";
 * const result = await login({ connectorId: "acme", key: "main", def: connector.oauth.main });
 * result.backend; // "secret-service"
 * ```
 */
export async function login(options: LoginOptions): Promise<LoginResult> {
  return (await loginWithTokens(options)).result;
}

/** `login`, also handing back the tokens (for getAccessToken's lazy login). */
export async function loginWithTokens(
  options: LoginOptions,
): Promise<{ result: LoginResult; tokens: TokenSet }> {
  const { connectorId, key, def } = options;
  const ctx = openEngine(options);
  const client = resolveClient(connectorId, key, def, ctx.store, ctx.env);
  if (def.tokenExchangeUrl) {
    ctx.log(
      `Tokens are exchanged through ${def.tokenExchangeUrl} (the connector's token exchange service)`,
    );
  }
  const requested = options.flow ?? def.flow ?? "auto";
  const browser = options.openBrowser !== undefined || canOpenBrowser(ctx.env, options.platform);
  const timeoutMs = options.loginTimeoutMs ?? LOGIN_TIMEOUT_MS;
  const flowTimeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([flowTimeout, options.signal]) : flowTimeout;
  const call = { fetch: options.fetch, timeoutMs: options.timeoutMs, signal };
  const preset = presetOf(def);
  if (requested === "device" && !preset.deviceFlow) {
    throw new OAuthError(
      "config",
      `provider "${def.provider}" (${preset.label}) has no device flow`,
      { hint: "log in with the browser flow (auth login without --device)" },
    );
  }
  // auto: the device flow only when no browser can open and the preset allows
  // the fallback (google never does: its device grant excludes most API scopes).
  const wantsDevice = requested === "device" ||
    (requested === "auto" && !browser && preset.autoDevice);
  const target = await resolveTarget(def, call, { device: wantsDevice });
  let via: ObtainedVia = "loopback";
  if (requested === "device" && !target.deviceAuthorizationEndpoint) {
    throw new OAuthError(
      "config",
      "the device flow needs a deviceAuthorizationEndpoint (declared, or discovered from issuer)",
      { hint: "declare deviceAuthorizationEndpoint, or log in with the browser flow" },
    );
  }
  if (wantsDevice && target.deviceAuthorizationEndpoint) via = "device";
  const tokens = await withFlowTimeout(
    signal,
    timeoutMs,
    via === "device"
      ? deviceFlow({
        client,
        target: { ...target, deviceAuthorizationEndpoint: target.deviceAuthorizationEndpoint! },
        scopes: def.scopes,
        call,
        log: ctx.log,
      })
      : loopbackFlow(options, ctx, client, target, call, signal),
  );
  if (!tokens.refreshToken) {
    throw new OAuthError(
      "token",
      "the provider returned no refresh token — " + preset.noRefreshTokenHint,
    );
  }
  const storeAs = storeAsOf(key, def);
  const scope = tokens.scope ?? def.scopes.join(" ");
  const refreshToken = tokens.refreshToken;
  const entry = await withTokenLock(ctx.dataRoot, connectorId, () => {
    const stored = ctx.store.set(storeAs, refreshToken);
    saveLoginRecord(ctx.dataRoot, connectorId, key, {
      provider: def.provider,
      scope,
      obtainedAt: new Date().toISOString(),
      obtainedVia: via,
      ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
      storeAs,
      backend: stored.backend,
    });
    return Promise.resolve(stored);
  });
  rememberToken(connectorId, key, tokens);
  const result: LoginResult = {
    key,
    provider: def.provider,
    obtainedVia: via,
    backend: entry.backend,
    scope,
  };
  if (tokens.expiresAt) result.expiresAt = tokens.expiresAt;
  return { result, tokens };
}

/** Rejects with the flow's abort reason once `signal` aborts. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(abortReason(signal));
    else signal.addEventListener("abort", () => reject(abortReason(signal)), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

/** Turns the whole-flow timeout into the login's timeout error. */
async function withFlowTimeout<T>(
  signal: AbortSignal,
  timeoutMs: number,
  run: Promise<T>,
): Promise<T> {
  try {
    return await run;
  } catch (error) {
    const reason = signal.reason;
    if (signal.aborted && reason instanceof DOMException && reason.name === "TimeoutError") {
      throw new OAuthError(
        "timeout",
        `the login was not completed within ${timeoutMs / 1000} s`,
        { hint: "run auth login again and finish the sign-in" },
      );
    }
    throw error;
  }
}

async function loopbackFlow(
  options: LoginOptions,
  ctx: EngineContext,
  client: ClientCredentials,
  target: LoginTarget,
  call: CallOptions,
  signal: AbortSignal,
): Promise<TokenSet> {
  const { def } = options;
  const state = randomToken(24);
  const pkce = target.pkce ? await createPkce() : undefined;
  const listener = await startLoopback({
    port: options.port ?? def.redirectPort ?? 0,
    path: def.redirectPath ?? "/callback",
    state,
    stateOptional: !target.preset.stateInResponse,
    issuer: target.issuer,
  });
  try {
    const url = new URL(target.authorizationEndpoint);
    const q = url.searchParams;
    const extra = { ...target.preset.extraAuthorizationParams, ...def.extraAuthorizationParams };
    for (const [name, value] of Object.entries(extra)) q.set(name, value);
    q.set("response_type", "code");
    q.set("client_id", client.clientId);
    q.set("redirect_uri", listener.redirectUri);
    q.set("scope", def.scopes.join(" "));
    q.set("state", state);
    if (pkce) {
      q.set("code_challenge", pkce.challenge);
      q.set("code_challenge_method", "S256");
    }
    await presentUrl(url.href, options, ctx, target.label);
    const { code } = await Promise.race([listener.result, rejectOnAbort(signal)]);
    const params: Record<string, string> = {
      grant_type: "authorization_code",
      code,
      redirect_uri: listener.redirectUri,
    };
    if (pkce) params.code_verifier = pkce.verifier;
    return await tokenRequest(params, client, target, call);
  } finally {
    listener.close();
  }
}

async function presentUrl(
  url: string,
  options: LoginOptions,
  ctx: EngineContext,
  label: string,
): Promise<void> {
  if (!options.openBrowser && !canOpenBrowser(ctx.env, options.platform)) {
    ctx.log(`Authorize ${label} at: ${url}`);
    return;
  }
  ctx.log(`Opening ${label} authorization in your browser…`);
  ctx.log(url);
  try {
    await (options.openBrowser ?? ((u: string) => openWithOs(u, options.platform)))(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log(`Could not open a browser (${reason}). Authorize ${label} at: ${url}`);
  }
}

/**
 * Revokes the stored refresh token at the provider when a revocation
 * endpoint is known (best effort), then removes it and the metadata entry.
 *
 * @example
 * ```ts ignore
 * import { logout } from "@ken-jo/agent-connector/sdk";
 * const { removed, revoked } = await logout({ connectorId: "acme", key: "main", def });
 * ```
 */
export async function logout(options: LogoutOptions): Promise<LogoutResult> {
  const { connectorId, key, def } = options;
  const ctx = openEngine(options);
  const storeAs = storeAsOf(key, def);
  return await withTokenLock(ctx.dataRoot, connectorId, async () => {
    const token = ctx.store.get(storeAs);
    let revoked = false;
    if (token !== null) revoked = await revoke(options, ctx, token);
    const deleted = token !== null ? ctx.store.delete(storeAs) : false;
    const recordRemoved = removeLoginRecord(ctx.dataRoot, connectorId, key);
    forgetCachedToken(connectorId, key);
    return { removed: deleted || recordRemoved, revoked };
  });
}

async function revoke(options: LogoutOptions, ctx: EngineContext, token: string): Promise<boolean> {
  try {
    const call: CallOptions = { fetch: options.fetch, timeoutMs: options.timeoutMs };
    const target = await resolveTarget(options.def, call, { revocation: true });
    if (!target.revocationEndpoint) return false;
    const client = resolveClient(options.connectorId, options.key, options.def, ctx.store, ctx.env);
    // Revocation goes to the provider as a public client, even with a token exchange service.
    const req = withClientAuth({ token, token_type_hint: "refresh_token" }, client, {
      ...target,
      viaExchange: false,
    });
    const result = await postForm(target.revocationEndpoint, req.params, "revocation endpoint", {
      ...call,
      headers: req.headers,
    });
    return result.status >= 200 && result.status < 300;
  } catch {
    return false;
  }
}

export { labelOf };
