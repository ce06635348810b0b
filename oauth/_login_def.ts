/**
 * Turns a login definition into what the flows need: the app's client
 * credentials (secrets read from the keystore, `${env:VAR}` expanded), the
 * endpoints (declared, else discovered from `issuer`), the label, and the
 * token request every grant shares. A preset (oauth/presets.ts) supplies
 * the endpoints and quirks; the login's own `issuer` or endpoints override
 * its endpoints, never its quirks.
 *
 * @module
 */

import { expandEnv, parseTemplate } from "../core/interpolation.ts";
import { SecretResolutionError } from "../secrets/errors.ts";
import type { SecretStore } from "../secrets/types.ts";
import {
  type CallOptions,
  isErrorResult,
  parseTokenResponse,
  postForm,
  providerError,
} from "./_http.ts";
import { discoverEndpoints } from "./discovery.ts";
import { OAuthError } from "./errors.ts";
import { getOAuthPreset, type OAuthPreset } from "./presets.ts";
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
  /** The preset's quirks (extra parameters, headers, flows, hints). */
  preset: OAuthPreset;
}

/** The login's preset, its endpoints resolved for the login's `options`. */
export function presetOf(def: OAuthLoginDef): OAuthPreset {
  return getOAuthPreset(def.provider, def.options ?? {});
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

/** The label of a login in messages: the preset's name, else the issuer's host. */
export function labelOf(def: OAuthLoginDef): string {
  return def.provider === "generic" ? hostLabel(def) : presetOf(def).label;
}

/** Declared endpoints, else discovered ones (network only when something is missing). */
export async function resolveTarget(
  def: OAuthLoginDef,
  call: CallOptions,
  needs: { revocation?: boolean; device?: boolean } = {},
): Promise<LoginTarget> {
  const preset = presetOf(def);
  // A login's own issuer replaces the preset's endpoints; its declared endpoints win over both.
  const base: Partial<OAuthPreset> = def.issuer ? {} : preset;
  const issuer = def.issuer ?? preset.issuer;
  let authorization = def.authorizationEndpoint ?? base.authorizationEndpoint;
  let token = def.tokenEndpoint ?? base.tokenEndpoint;
  let revocation = def.revocationEndpoint ?? base.revocationEndpoint;
  let device = def.deviceAuthorizationEndpoint ?? base.deviceAuthorizationEndpoint;
  const wantsDiscovery = !authorization || !token || (needs.revocation && !revocation) ||
    (needs.device && !device && preset.deviceFlow);
  if (issuer && wantsDiscovery) {
    const found = await discoverEndpoints(issuer, call);
    authorization ??= found.authorizationEndpoint;
    token ??= found.tokenEndpoint;
    revocation ??= found.revocationEndpoint;
    device ??= found.deviceAuthorizationEndpoint;
  }
  if (!authorization || !token) {
    throw new OAuthError(
      "config",
      `login needs an authorization and a token endpoint, and ${
        issuer ? `discovery at ${issuer} did not list both` : "none were declared"
      }`,
    );
  }
  const target: LoginTarget = {
    label: labelOf(def),
    authorizationEndpoint: authorization,
    tokenEndpoint: def.tokenExchangeUrl ?? token,
    pkce: def.pkce ?? preset.pkce,
    tokenEndpointAuth: def.tokenEndpointAuth ??
      (def.clientSecret !== undefined ? preset.tokenEndpointAuth : "none"),
    viaExchange: def.tokenExchangeUrl !== undefined,
    preset,
  };
  if (issuer) target.issuer = issuer;
  if (revocation) target.revocationEndpoint = revocation;
  if (device && preset.deviceFlow) target.deviceAuthorizationEndpoint = device;
  return target;
}

/** Adds client authentication to a token or revocation request. */
export function withClientAuth(
  params: Record<string, string>,
  client: ClientCredentials,
  target: LoginTarget,
): { params: Record<string, string>; headers: Record<string, string> } {
  const out: Record<string, string> = { ...params, client_id: client.clientId };
  const headers: Record<string, string> = { ...target.preset.tokenRequestHeaders };
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
  if (isErrorResult(result)) throw providerError(result, what, target.tokenEndpoint);
  return parseTokenResponse(result, target.tokenEndpoint, Date.now());
}
