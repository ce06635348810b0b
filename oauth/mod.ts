/**
 * OAuth 2.0 logins a connector declares under `oauth.<key>` (spec §2.2, §3
 * `auth`, §9.1).
 *
 * - {@link login}`({ connectorId, key, def })` → {@link LoginResult}: the
 *   loopback flow (127.0.0.1 listener, PKCE S256, `state`) when a browser can
 *   open, else the device flow (RFC 8628) when the provider has one; refresh token
 *   stored in the keystore as `def.storeAs` (default
 *   `oauth.<key>.refresh-token`), record in `<dataRoot>/oauth/<id>.json`.
 * - {@link getAccessToken}`({ connectorId, key, def? })` → {@link TokenSet}:
 *   cached in memory, refreshed with the stored token, rotation saved back;
 *   without `def` it reads the login definition `install` recorded in
 *   `<dataRoot>/connectors/<id>/connector.json` (`oauth`).
 * - {@link logout}, {@link loginStatus}, {@link canOpenBrowser},
 *   {@link discoverEndpoints}; errors {@link OAuthError} and
 *   {@link OAuthLoginRequiredError}.
 *
 * - {@link OAUTH_PRESET_IDS} and {@link getOAuthPreset}`(id, options?)`
 *   → {@link OAuthPreset}: each provider's endpoints, defaults and quirks
 *   (google, microsoft, github, bing-webmaster, posthog, generic), with the
 *   documentation URL and date they were checked against.
 *
 * @module
 */

export { discoverEndpoints, getAccessToken, login, logout } from "./api.ts";
export { canOpenBrowser } from "./browser.ts";
export type { DiscoveredEndpoints } from "./discovery.ts";
export {
  OAuthError,
  type OAuthErrorCode,
  type OAuthErrorOptions,
  OAuthLoginRequiredError,
} from "./errors.ts";
export { loginStatus } from "./status.ts";
export { getOAuthPreset, OAUTH_PRESET_IDS, type OAuthPreset, type PresetFlow } from "./presets.ts";
export type {
  AccessTokenOptions,
  BrowserOpener,
  CallOptions,
  EngineOptions,
  FetchLike,
  LoginOptions,
  LoginResult,
  LoginStatus,
  LoginStatusOptions,
  LogoutOptions,
  LogoutResult,
  LogSink,
  ObtainedVia,
  TokenSet,
} from "./types.ts";
