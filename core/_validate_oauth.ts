/**
 * `oauth.<key>` logins (spec §2.2): every rule with the message the spec
 * gives it, and the defaults (`flow: "auto"`, `redirectPath: "/callback"`,
 * `storeAs: "oauth.<key>.refresh-token"`). Nothing touches the network.
 *
 * @module
 */

import type { OAuthPresetId, ResolvedOAuthLoginDef } from "./connector_types.ts";
import { parseTemplate, SECRET_NAME_PATTERN } from "./interpolation.ts";
import { expectObject, fail, optionalBoolean, rejectUnknownFields, show } from "./_validate.ts";

/** The OAuth presets, in the spec's order. */
export const OAUTH_PROVIDERS: readonly OAuthPresetId[] = [
  "google",
  "microsoft",
  "github",
  "bing-webmaster",
  "posthog",
  "generic",
];

/** Login keys: `^[a-z0-9][a-z0-9-]{0,31}$`. */
export const OAUTH_KEY_PATTERN: RegExp = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The fields of an `oauth.<key>` login. */
const LOGIN_FIELDS = [
  "provider",
  "clientId",
  "clientSecret",
  "tokenExchangeUrl",
  "scopes",
  "flow",
  "redirectPort",
  "redirectPath",
  "issuer",
  "authorizationEndpoint",
  "tokenEndpoint",
  "deviceAuthorizationEndpoint",
  "revocationEndpoint",
  "tokenEndpointAuth",
  "pkce",
  "extraAuthorizationParams",
  "options",
  "storeAs",
];

const ENDPOINTS = [
  "issuer",
  "authorizationEndpoint",
  "tokenEndpoint",
  "deviceAuthorizationEndpoint",
  "revocationEndpoint",
  "tokenExchangeUrl",
] as const;

/** Parameters the login flow sets itself. */
const FLOW_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
];

/** Validates every login and applies the defaults; `{}` when none. */
export function normalizeOAuth(value: unknown): Record<string, ResolvedOAuthLoginDef> {
  if (value === undefined) return {};
  const out: Record<string, ResolvedOAuthLoginDef> = {};
  for (const [key, def] of Object.entries(expectObject(value, "oauth"))) {
    if (!OAUTH_KEY_PATTERN.test(key)) {
      fail("oauth", `"${key}" is not a valid login key (expected ^[a-z0-9][a-z0-9-]{0,31}$)`);
    }
    out[key] = normalizeLogin(key, expectObject(def, `oauth.${key}`));
  }
  return out;
}

function normalizeLogin(key: string, def: Record<string, unknown>): ResolvedOAuthLoginDef {
  const where = `oauth.${key}`;
  rejectUnknownFields(def, LOGIN_FIELDS, where);
  const provider = def.provider as OAuthPresetId;
  if (!OAUTH_PROVIDERS.includes(provider)) {
    fail(
      `${where}.provider`,
      `${show(def.provider)} is not a known OAuth preset (${OAUTH_PROVIDERS.join(", ")})`,
    );
  }
  checkClientId(def.clientId, where);
  checkClientSecret(def.clientSecret, provider, where);
  for (const field of ENDPOINTS) checkEndpoint(def[field], `${where}.${field}`);
  if (def.clientSecret !== undefined && def.tokenExchangeUrl !== undefined) {
    fail(
      where,
      "clientSecret and tokenExchangeUrl are exclusive — the token exchange service holds the client secret",
    );
  }
  const scopes = def.scopes;
  if (
    !Array.isArray(scopes) || scopes.length === 0 ||
    !scopes.every((s) => typeof s === "string" && s.trim() !== "")
  ) {
    fail(`${where}.scopes`, "at least one scope string is required");
  }
  if (def.flow !== undefined && !["auto", "loopback", "device"].includes(def.flow as string)) {
    fail(`${where}.flow`, "expected auto | loopback | device");
  }
  const auth = ["client_secret_post", "client_secret_basic", "none"];
  if (def.tokenEndpointAuth !== undefined && !auth.includes(def.tokenEndpointAuth as string)) {
    fail(`${where}.tokenEndpointAuth`, "expected client_secret_post | client_secret_basic | none");
  }
  checkRedirect(def, provider, where);
  if (
    provider === "generic" && def.issuer === undefined &&
    (def.authorizationEndpoint === undefined || def.tokenEndpoint === undefined)
  ) {
    fail(where, 'provider "generic" needs issuer, or authorizationEndpoint and tokenEndpoint');
  }
  if (
    def.storeAs !== undefined &&
    (typeof def.storeAs !== "string" || !SECRET_NAME_PATTERN.test(def.storeAs))
  ) {
    fail(`${where}.storeAs`, `${show(def.storeAs)} is not a valid secret name`);
  }
  optionalBoolean(def.pkce, `${where}.pkce`);
  checkOptions(def.options, provider, where);
  checkExtraParams(def.extraAuthorizationParams, where);
  return {
    ...(def as unknown as ResolvedOAuthLoginDef),
    key,
    flow: (def.flow as ResolvedOAuthLoginDef["flow"] | undefined) ?? "auto",
    redirectPath: (def.redirectPath as string | undefined) ?? "/callback",
    storeAs: (def.storeAs as string | undefined) ?? `oauth.${key}.refresh-token`,
  };
}

/** True when `value` is exactly one well-formed `${secret:NAME}` and nothing else. */
function isSingleSecretRef(value: string): boolean {
  const parts = parseTemplate(value);
  return parts.length === 1 && parts[0].kind === "secret";
}

function checkClientId(value: unknown, where: string): void {
  const ok = typeof value === "string" && value.trim() !== "" &&
    (!value.includes("${secret:") || isSingleSecretRef(value));
  if (!ok) {
    fail(
      `${where}.clientId`,
      "must be a non-empty string — a literal, ${env:VAR}, or exactly one ${secret:NAME} reference",
    );
  }
}

function checkClientSecret(value: unknown, provider: OAuthPresetId, where: string): void {
  if (value === undefined) return;
  const isRef = typeof value === "string" && isSingleSecretRef(value);
  if (provider !== "google") {
    if (!isRef) {
      fail(
        `${where}.clientSecret`,
        "must be a ${secret:NAME} reference (a literal secret is never written into a connector config)",
      );
    }
    return;
  }
  // Google documents an installed app's secret as not confidential: a plain
  // literal is accepted, but never an env or malformed secret reference.
  const literal = typeof value === "string" && value.trim() !== "" &&
    !value.includes("${secret:") && !value.includes("${env:");
  if (!isRef && !literal) {
    fail(
      `${where}.clientSecret`,
      'must be a ${secret:NAME} reference or a non-empty literal (provider "google" documents an installed app\'s client secret as not confidential)',
    );
  }
}

/** https, or http on 127.0.0.1 / localhost; no userinfo, fragment or control characters. */
function checkEndpoint(value: unknown, where: string): void {
  if (value === undefined) return;
  // deno-lint-ignore no-control-regex
  if (typeof value !== "string" || /[\u0000-\u001f\u007f]/.test(value)) {
    fail(where, "must be an https URL");
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(where, "must be an https URL");
  }
  const loopback = url.protocol === "http:" &&
    (url.hostname === "127.0.0.1" || url.hostname === "localhost");
  if (url.protocol !== "https:" && !loopback) fail(where, "must be an https URL");
  if (url.username || url.password || url.hash || value.includes("#")) {
    fail(where, "must not carry credentials or a fragment");
  }
}

function checkRedirect(
  def: Record<string, unknown>,
  provider: OAuthPresetId,
  where: string,
): void {
  const port = def.redirectPort;
  if (
    port !== undefined && !(Number.isInteger(port) && (port as number) >= 1024 &&
      (port as number) <= 65535)
  ) {
    fail(`${where}.redirectPort`, "expected an integer in 1024..65535");
  }
  // Bing matches redirect URIs exactly and its authorization response carries
  // no state, so only a fixed port binds the login (spec §2.2 preset table).
  if (provider === "bing-webmaster" && port === undefined) {
    fail(
      `${where}.redirectPort`,
      'required for provider "bing-webmaster" (redirect URIs are matched exactly and the authorization response carries no state)',
    );
  }
  const path = def.redirectPath;
  if (path !== undefined && (typeof path !== "string" || !path.startsWith("/"))) {
    fail(`${where}.redirectPath`, 'must start with "/"');
  }
}

function checkOptions(value: unknown, provider: OAuthPresetId, where: string): void {
  if (value === undefined) return;
  const options = expectObject(value, `${where}.options`);
  for (const [name, option] of Object.entries(options)) {
    if (typeof option !== "string") {
      fail(`${where}.options.${name}`, `must be a string, got ${show(option)}`);
    }
  }
  if (
    provider === "posthog" && options.region !== undefined &&
    options.region !== "us" && options.region !== "eu"
  ) {
    fail(`${where}.options.region`, "expected us | eu");
  }
  if (
    provider === "microsoft" && options.tenant !== undefined &&
    (options.tenant as string).trim() === ""
  ) {
    fail(`${where}.options.tenant`, "must be a non-empty string");
  }
}

function checkExtraParams(value: unknown, where: string): void {
  if (value === undefined) return;
  const params = expectObject(value, `${where}.extraAuthorizationParams`);
  for (const [name, param] of Object.entries(params)) {
    if (FLOW_PARAMS.includes(name)) {
      fail(
        `${where}.extraAuthorizationParams`,
        `"${name}" is set by the login flow and cannot be overridden`,
      );
    }
    if (typeof param !== "string") {
      fail(`${where}.extraAuthorizationParams.${name}`, `must be a string, got ${show(param)}`);
    }
  }
}
