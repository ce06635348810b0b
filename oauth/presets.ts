/**
 * The OAuth presets (spec §2.2 presets table, §9.1 `getOAuthPreset`): the
 * endpoints, defaults and quirks of each provider a login may name. Presets
 * supply no client ids — the author registers the app with the provider.
 *
 * Every endpoint was checked against the provider's documentation on the
 * date in `verifiedOn`; `docsUrl` names the page. A login's own `issuer` or
 * endpoints override a preset's (the quirks stay).
 *
 * @module
 */

import type { OAuthPresetId } from "../core/connector_types.ts";
import { OAUTH_PROVIDERS } from "../core/_validate_oauth.ts";
import { OAuthError } from "./errors.ts";

/** The preset ids, in the spec's order: the ones `defineConnector` accepts. */
export const OAUTH_PRESET_IDS: readonly OAuthPresetId[] = Object.freeze([...OAUTH_PROVIDERS]);

/** A login flow a preset allows. */
export type PresetFlow = "loopback" | "device";

/** One provider's endpoints, defaults and quirks (spec §9.1 `getOAuthPreset`). */
export interface OAuthPreset {
  /** The preset id. */
  id: OAuthPresetId;
  /** The provider's name in messages ("Opening <label> authorization…"). */
  label: string;
  /** The provider documentation the endpoints and quirks were checked against. */
  docsUrl: string;
  /** The date (YYYY-MM-DD) they were checked. */
  verifiedOn: string;
  /** Discovery root (RFC 8414 / OIDC), when the preset resolves its endpoints by discovery. */
  issuer?: string;
  /** Where the browser authorizes. */
  authorizationEndpoint?: string;
  /** Where codes and refresh tokens are exchanged. */
  tokenEndpoint?: string;
  /** RFC 8628 device authorization endpoint, when the provider has one. */
  deviceAuthorizationEndpoint?: string;
  /** RFC 7009 revocation endpoint, when the provider has one. */
  revocationEndpoint?: string;
  /** Whether PKCE S256 is sent by default. */
  pkce: boolean;
  /** How a client secret is sent when the login has one (`none` without a secret). */
  tokenEndpointAuth: "client_secret_post" | "client_secret_basic";
  /** The flows the provider offers. */
  flows: readonly PresetFlow[];
  /** Whether the provider has a device flow (RFC 8628). */
  deviceFlow: boolean;
  /** Whether `flow: "auto"` falls back to the device flow when no browser can open. */
  autoDevice: boolean;
  /** Query parameters added to every authorization request (a login's own win). */
  extraAuthorizationParams: Readonly<Record<string, string>>;
  /** Headers added to every token request. */
  tokenRequestHeaders: Readonly<Record<string, string>>;
  /** False when the provider's authorization response carries no `state` (one that does come back is still checked). */
  stateInResponse: boolean;
  /** True when redirect URIs are matched with their port, so `redirectPort` is required. */
  requiresRedirectPort: boolean;
  /** Token-endpoint `error` values meaning the stored refresh token is dead (besides `invalid_grant`). */
  refreshRejectedErrors: readonly string[];
  /** What to do when a token response carries no refresh token. */
  noRefreshTokenHint: string;
}

const VERIFIED_ON = "2026-11-30";

function microsoft(tenant: string): OAuthPreset {
  const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0`;
  return {
    id: "microsoft",
    label: "Microsoft",
    docsUrl: "https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow",
    verifiedOn: VERIFIED_ON,
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    // https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-device-code
    deviceAuthorizationEndpoint: `${base}/devicecode`,
    pkce: true,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback", "device"],
    deviceFlow: true,
    autoDevice: true,
    extraAuthorizationParams: {},
    tokenRequestHeaders: {},
    stateInResponse: true,
    requiresRedirectPort: false,
    refreshRejectedErrors: [],
    noRefreshTokenHint: "Microsoft sends one only when the offline_access scope is requested",
  };
}

function posthog(region: string | undefined): OAuthPreset {
  const issuer = region === "us"
    ? "https://us.posthog.com"
    : region === "eu"
    ? "https://eu.posthog.com"
    : "https://oauth.posthog.com";
  return {
    id: "posthog",
    label: "PostHog",
    docsUrl: "https://posthog.com/docs/api/oauth",
    verifiedOn: VERIFIED_ON,
    issuer,
    pkce: true,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback"],
    deviceFlow: false,
    autoDevice: false,
    extraAuthorizationParams: {},
    tokenRequestHeaders: {},
    stateInResponse: true,
    requiresRedirectPort: false,
    refreshRejectedErrors: [],
    noRefreshTokenHint:
      "check the scopes the app's Client ID Metadata Document and the login request",
  };
}

const FIXED: Record<"google" | "github" | "bing-webmaster" | "generic", OAuthPreset> = {
  google: {
    id: "google",
    label: "Google",
    docsUrl: "https://developers.google.com/identity/protocols/oauth2/native-app",
    verifiedOn: VERIFIED_ON,
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    // https://developers.google.com/identity/protocols/oauth2/limited-input-device
    deviceAuthorizationEndpoint: "https://oauth2.googleapis.com/device/code",
    revocationEndpoint: "https://oauth2.googleapis.com/revoke",
    pkce: true,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback"],
    deviceFlow: true,
    // Google's limited-input grant excludes API scopes such as Search Console.
    autoDevice: false,
    extraAuthorizationParams: { access_type: "offline", prompt: "consent" },
    tokenRequestHeaders: {},
    stateInResponse: true,
    requiresRedirectPort: false,
    refreshRejectedErrors: [],
    noRefreshTokenHint: "Google sends one only with access_type=offline and prompt=consent",
  },
  github: {
    id: "github",
    label: "GitHub",
    docsUrl:
      "https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps",
    verifiedOn: VERIFIED_ON,
    authorizationEndpoint: "https://github.com/login/oauth/authorize",
    tokenEndpoint: "https://github.com/login/oauth/access_token",
    deviceAuthorizationEndpoint: "https://github.com/login/device/code",
    // PKCE S256: https://github.blog/changelog/2025-07-14-pkce-support-for-oauth-and-github-app-authentication
    pkce: true,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback", "device"],
    deviceFlow: true,
    autoDevice: true,
    extraAuthorizationParams: {},
    // GitHub answers form-encoded unless asked for JSON.
    tokenRequestHeaders: { accept: "application/json" },
    stateInResponse: true,
    requiresRedirectPort: false,
    // https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/refreshing-user-access-tokens
    refreshRejectedErrors: ["bad_refresh_token"],
    noRefreshTokenHint:
      "GitHub sends one only for expiring user access tokens (the app's settings) or with the offline_access scope",
  },
  "bing-webmaster": {
    id: "bing-webmaster",
    label: "Bing Webmaster Tools",
    docsUrl: "https://learn.microsoft.com/en-us/bingwebmaster/oauth2",
    verifiedOn: VERIFIED_ON,
    authorizationEndpoint: "https://www.bing.com/webmasters/oauth/authorize",
    tokenEndpoint: "https://www.bing.com/webmasters/oauth/token",
    pkce: false,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback"],
    deviceFlow: false,
    autoDevice: false,
    extraAuthorizationParams: {},
    tokenRequestHeaders: {},
    stateInResponse: false,
    requiresRedirectPort: true,
    refreshRejectedErrors: [],
    noRefreshTokenHint:
      "Bing Webmaster Tools issues one with the authorization code; check the app's registration and scopes",
  },
  generic: {
    id: "generic",
    label: "the provider",
    docsUrl: "https://www.rfc-editor.org/rfc/rfc8414",
    verifiedOn: VERIFIED_ON,
    pkce: true,
    tokenEndpointAuth: "client_secret_post",
    flows: ["loopback", "device"],
    deviceFlow: true,
    autoDevice: true,
    extraAuthorizationParams: {},
    tokenRequestHeaders: {},
    stateInResponse: true,
    requiresRedirectPort: false,
    refreshRejectedErrors: [],
    noRefreshTokenHint:
      "request the provider's offline scope (offline_access for OpenID Connect servers)",
  },
};

/**
 * Returns preset `id` with its endpoints resolved for `options` (microsoft
 * `tenant`, default `common`; posthog `region` `us` | `eu`, omitted: the
 * region-agnostic issuer). An unknown id throws an `OAuthError` (`config`).
 *
 * @example
 * ```ts ignore
 * import { getOAuthPreset } from "@ken-jo/agent-connector/sdk";
 * const google = getOAuthPreset("google");
 * google.tokenEndpoint; // "https://oauth2.googleapis.com/token"
 * ```
 */
export function getOAuthPreset(
  id: string,
  options: Readonly<Record<string, string>> = {},
): OAuthPreset {
  if (id === "microsoft") return microsoft(options.tenant ?? "common");
  if (id === "posthog") return posthog(options.region);
  if (Object.hasOwn(FIXED, id)) {
    const preset = FIXED[id as keyof typeof FIXED];
    return {
      ...preset,
      flows: [...preset.flows],
      extraAuthorizationParams: { ...preset.extraAuthorizationParams },
      tokenRequestHeaders: { ...preset.tokenRequestHeaders },
      refreshRejectedErrors: [...preset.refreshRejectedErrors],
    };
  }
  throw new OAuthError(
    "config",
    `"${id}" is not a known OAuth preset (${OAUTH_PRESET_IDS.join(", ")})`,
  );
}
