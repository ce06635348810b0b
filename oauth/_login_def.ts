/**
 * Turns a login definition into what the flows need: the app's client
 * credentials (secrets read from the keystore, `${env:VAR}` expanded), the
 * endpoints (declared, else discovered from `issuer`), the label, and the
 * token request every grant shares. Only `generic` is served so far; the
 * named presets fail with a `config` error.
 *
 * @module
 */

import { expandEnv, parseTemplate } from "../core/interpolation.ts";
import { SecretResolutionError } from "../secrets/errors.ts";
import type { SecretStore } from "../secrets/types.ts";
import { type CallOptions, parseTokenResponse, postForm, providerError } from "./_http.ts";
import { discoverEndpoints } from "./discovery.ts";
import { OAuthError } from "./errors.ts";
import type { OAuthLoginDef, TokenSet } from "./types.ts";

export { storeAsOf } from "./_store_as.ts";

/** The client the engine presents. Never printed. */
export interface ClientCredentials {
  /** The client id. */
  clientId: string;
  /** The client secret, when the login has one. */
  clientSecret?: string;
}

/** Endpoints and behaviour for one login. */
export interface LoginTarget {
  /** Human name of the provider in messages. */
  label: string;
  /** The issuer, when known. */
  issuer?: string;
  /** Authorization endpoint. */
  authorizationEndpoint: string;
  /** Token endpoint (or the token exchange service). */
  tokenEndpoint: string;
  /** Revocation endpoint, when known. */
  revocationEndpoint?: string;
  /** RFC 8628 device authorization endpoint, when known. */
  deviceAuthorizationEndpoint?: string;
  /** Whether to send PKCE S256. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  tokenEndpointAuth: "client_secret_post" | "client_secret_basic" | "none";
  /** True when tokens go through a token exchange service. */
  viaExchange: boolean;
}

/** Throws `config` unless the engine serves this provider yet. */
export function assertServedProvider(def: OAuthLoginDef): void {
  if (def.provider !== "generic") {
    throw new OAuthError(
      "config",
      `provider "${def.provider}" is not served by this version of the login engine (only "generic" is)`,
      { hint: 'declare it as provider "generic" with its issuer or endpoints' },
    );
  }
}

function resolveValue(
  value: string,
  field: string,
  key: string,
  connectorId: string,
  store: SecretStore,
  env: Record<string, string | undefined>,
): string {
  const missing: string[] = [];
  const out = expandEnv(value, env, (name) => {
    const got = store.get(name);
    if (got === null) missing.push(name);
    return got ?? "";
  });
  if (missing.length > 0) {
    throw new SecretResolutionError(connectorId, missing, { context: `oauth.${key}.${field}` });
  }
  if (out === "") {
    const names = parseTemplate(value).filter((p) => p.kind === "env").map((p) => p.source);
    throw new OAuthError(
      "config",
      `oauth.${key}.${field}: ${names.join(", ") || "the value"} resolves to an empty value`,
      { hint: "a server started by a host does not see shell exports; ship a literal client id" },
    );
  }
  return out;
}

/** Resolves the app's client id and secret; unset secrets throw SecretResolutionError. */
export function resolveClient(
  connectorId: string,
  key: string,
  def: OAuthLoginDef,
  store: SecretStore,
  env: Record<string, string | undefined>,
): ClientCredentials {
  const clientId = resolveValue(def.clientId, "clientId", key, connectorId, store, env);
  if (def.clientSecret === undefined || def.tokenExchangeUrl !== undefined) return { clientId };
  return {
    clientId,
    clientSecret: resolveValue(def.clientSecret, "clientSecret", key, connectorId, store, {}),
  };
}

function hostLabel(def: OAuthLoginDef): string {
  const from = def.issuer ?? def.authorizationEndpoint ?? def.tokenEndpoint;
  try {
    return from ? new URL(from).host : "the provider";
  } catch {
    return "the provider";
  }
}

/** The label of a login in messages. */
export function labelOf(def: OAuthLoginDef): string {
  return def.provider === "generic" ? hostLabel(def) : def.provider;
}

/** Declared endpoints, else discovered ones (network only when something is missing). */
export async function resolveTarget(
  def: OAuthLoginDef,
  call: CallOptions,
  needs: { revocation?: boolean; device?: boolean } = {},
): Promise<LoginTarget> {
  assertServedProvider(def);
  let authorization = def.authorizationEndpoint;
  let token = def.tokenEndpoint;
  let revocation = def.revocationEndpoint;
  let device = def.deviceAuthorizationEndpoint;
  const wantsDiscovery = !authorization || !token || (needs.revocation && !revocation) ||
    (needs.device && !device);
  if (def.issuer && wantsDiscovery) {
    const found = await discoverEndpoints(def.issuer, call);
    authorization ??= found.authorizationEndpoint;
    token ??= found.tokenEndpoint;
    revocation ??= found.revocationEndpoint;
    device ??= found.deviceAuthorizationEndpoint;
  }
  if (!authorization || !token) {
    throw new OAuthError(
      "config",
      `login needs an authorization and a token endpoint, and ${
        def.issuer ? `discovery at ${def.issuer} did not list both` : "none were declared"
      }`,
    );
  }
  const target: LoginTarget = {
    label: labelOf(def),
    authorizationEndpoint: authorization,
    tokenEndpoint: def.tokenExchangeUrl ?? token,
    pkce: def.pkce ?? true,
    tokenEndpointAuth: def.tokenEndpointAuth ??
      (def.clientSecret !== undefined ? "client_secret_post" : "none"),
    viaExchange: def.tokenExchangeUrl !== undefined,
  };
  if (def.issuer) target.issuer = def.issuer;
  if (revocation) target.revocationEndpoint = revocation;
  if (device) target.deviceAuthorizationEndpoint = device;
  return target;
}

/** Adds client authentication to a token or revocation request. */
export function withClientAuth(
  params: Record<string, string>,
  client: ClientCredentials,
  target: LoginTarget,
): { params: Record<string, string>; headers: Record<string, string> } {
  const out: Record<string, string> = { ...params, client_id: client.clientId };
  const headers: Record<string, string> = {};
  if (!target.viaExchange && client.clientSecret !== undefined) {
    if (target.tokenEndpointAuth === "client_secret_basic") {
      const enc = (s: string) => encodeURIComponent(s);
      headers.authorization = `Basic ${
        btoa(`${enc(client.clientId)}:${enc(client.clientSecret)}`)
      }`;
    } else if (target.tokenEndpointAuth === "client_secret_post") {
      out.client_secret = client.clientSecret;
    }
  }
  return { params: out, headers };
}

/** POSTs one grant to the token endpoint and parses the tokens. */
export async function tokenRequest(
  params: Record<string, string>,
  client: ClientCredentials,
  target: LoginTarget,
  call: CallOptions,
): Promise<TokenSet> {
  const what = target.viaExchange ? "token exchange service" : "token endpoint";
  const req = withClientAuth(params, client, target);
  const result = await postForm(target.tokenEndpoint, req.params, what, {
    ...call,
    headers: req.headers,
  });
  if (result.status < 200 || result.status >= 300) {
    throw providerError(result, what, target.tokenEndpoint);
  }
  return parseTokenResponse(result, target.tokenEndpoint, Date.now());
}
