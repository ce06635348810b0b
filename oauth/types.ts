/**
 * Public types of the OAuth engine (spec §9.1).
 *
 * @module
 */

import type { OAuthLoginDef, ResolvedOAuthLoginDef } from "../core/connector_types.ts";
import type { OpenSecretStoreOptions } from "../secrets/store.ts";
import type { SecretBackendId } from "../secrets/types.ts";

export type { OAuthLoginDef, ResolvedOAuthLoginDef };

/** The `fetch` the engine calls (tests pass their own). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of one HTTP call of the engine (discovery, token, revocation). */
export interface CallOptions {
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Milliseconds for this call (default 20 000). */
  timeoutMs?: number;
  /** The whole flow's signal: aborting it aborts the call. */
  signal?: AbortSignal;
}

/** Tokens from a token endpoint. Only `getAccessToken`'s caller ever sees one. */
export interface TokenSet {
  /** The access token. */
  accessToken: string;
  /** Usually `Bearer`. */
  tokenType: string;
  /** ISO time the access token expires, when the provider said. */
  expiresAt?: string;
  /** The refresh token, when one came back (the engine stores it; never returned by getAccessToken). */
  refreshToken?: string;
  /** The granted scope, when the provider said. */
  scope?: string;
  /** The OpenID Connect ID token, when one came back. */
  idToken?: string;
}

/** How a login was obtained. */
export type ObtainedVia = "loopback" | "device";

/** What `login` returns: no token, only where it went. */
export interface LoginResult {
  /** The login key. */
  key: string;
  /** The preset. */
  provider: string;
  /** The flow that ran. */
  obtainedVia: ObtainedVia;
  /** The keystore backend holding the refresh token. */
  backend: SecretBackendId;
  /** The granted scope, when the provider said. */
  scope?: string;
  /** ISO time the first access token expires, when the provider said. */
  expiresAt?: string;
}

/** One row of `loginStatus`. */
export interface LoginStatus {
  /** The login key. */
  key: string;
  /** The preset. */
  provider: string;
  /** Whether the refresh token is stored; null when the backend is unavailable. */
  present: boolean | null;
  /** The backend the metadata record names. */
  backend?: SecretBackendId;
  /** ISO time of the last login. */
  obtainedAt?: string;
  /** The flow of the last login. */
  obtainedVia?: ObtainedVia;
  /** The granted scope. */
  scope?: string;
  /** ISO time the provider rejected the stored refresh token, when it did. */
  revokedAt?: string;
}

/** Opens a URL in the user's browser; rejects with the reason when it cannot. */
export type BrowserOpener = (url: string) => Promise<void>;

/** Writes one line of human text (default: stderr). */
export type LogSink = (line: string) => void;

/** What every engine call shares. */
export interface EngineOptions {
  /** The connector id (the keystore namespace). */
  connectorId: string;
  /** The login key under `oauth`. */
  key: string;
  /** The environment: `${env:VAR}` client ids, browser detection (default: the process's). */
  env?: Record<string, string | undefined>;
  /** The OS (`process.platform` value) for browser detection. */
  platform?: string;
  /** Passed to `openSecretStore` (`dataRoot`, `backend`, `home`, …); the data root also holds the metadata file. */
  secretStore?: Omit<OpenSecretStoreOptions, "connectorId">;
  /** Human text (default: stderr). */
  log?: LogSink;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchLike;
  /** Milliseconds per HTTP call (default 20 000). */
  timeoutMs?: number;
}

/** Options of `login`. */
export interface LoginOptions extends EngineOptions {
  /** The login definition (a connector's `oauth[key]`). */
  def: OAuthLoginDef | ResolvedOAuthLoginDef;
  /** Forces a flow; default the definition's `flow`. */
  flow?: "auto" | "loopback" | "device";
  /** The loopback port (default: the definition's `redirectPort`, else ephemeral). */
  port?: number;
  /** Opens the authorization URL (default: the OS opener). */
  openBrowser?: BrowserOpener;
  /** Milliseconds for the whole flow (default 300 000). */
  loginTimeoutMs?: number;
  /** Cancels the flow. */
  signal?: AbortSignal;
}

/** Options of `getAccessToken`. */
export interface AccessTokenOptions extends EngineOptions {
  /** The login definition; default: the one the connector's registry record holds (install writes it). */
  def?: OAuthLoginDef | ResolvedOAuthLoginDef;
  /** `auto` logs in when a browser can open, `never` throws, `always` logs in first. */
  interactive?: "auto" | "never" | "always";
  /** Opens the authorization URL for a lazy login. */
  openBrowser?: BrowserOpener;
}

/** Options of `logout`. */
export interface LogoutOptions extends EngineOptions {
  /** The login definition. */
  def: OAuthLoginDef | ResolvedOAuthLoginDef;
}

/** What `logout` did. */
export interface LogoutResult {
  /** True when a refresh token or a metadata entry was removed. */
  removed: boolean;
  /** True when the provider's revocation endpoint accepted the token. */
  revoked: boolean;
}

/** Options of `loginStatus`. */
export interface LoginStatusOptions {
  /** The connector id. */
  connectorId: string;
  /** The connector's `oauth` map. */
  logins: Record<string, OAuthLoginDef | ResolvedOAuthLoginDef>;
  /** Passed to `openSecretStore`. */
  secretStore?: Omit<OpenSecretStoreOptions, "connectorId">;
  /** The environment (default: the process's). */
  env?: Record<string, string | undefined>;
}
