/**
 * Errors of the OAuth engine (spec §9.1). Messages never contain a token, an
 * authorization code, a PKCE verifier or a client secret.
 *
 * @module
 */

/** Why an OAuth operation failed. */
export type OAuthErrorCode =
  | "config"
  | "discovery"
  | "authorization"
  | "token"
  | "timeout"
  | "login-required"
  | "browser-unavailable"
  | "provider";

/** Options of {@link OAuthError}. */
export interface OAuthErrorOptions extends ErrorOptions {
  /** What the user can do about it. */
  hint?: string;
  /** The provider's `error` code (RFC 6749 §5.2), for a `provider` error. */
  error?: string;
  /** The provider's `error_description`, for a `provider` error. */
  errorDescription?: string;
}

/**
 * An OAuth login, refresh or discovery that failed. A provider error carries
 * the provider's `error` and `error_description`, never the request body.
 *
 * @example
 * ```ts
 * import { OAuthError } from "@ken-jo/agent-connector/sdk";
 * const err = new OAuthError("timeout", "the token endpoint did not answer within 20 s");
 * err.code; // "timeout"
 * ```
 */
export class OAuthError extends Error {
  /** What kind of failure this is. */
  readonly code: OAuthErrorCode;
  /** What the user can do about it, when there is something. */
  readonly hint?: string;
  /** The provider's `error` code, for a `provider` error. */
  readonly error?: string;
  /** The provider's `error_description`, for a `provider` error. */
  readonly error_description?: string;

  /** Creates the error. */
  constructor(code: OAuthErrorCode, message: string, options: OAuthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "OAuthError";
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    if (options.error !== undefined) this.error = options.error;
    if (options.errorDescription !== undefined) this.error_description = options.errorDescription;
  }
}

/**
 * A login that is not present (or was revoked) when the caller asked not to
 * log in interactively. The message names the command that logs in.
 *
 * @example
 * ```ts
 * import { OAuthLoginRequiredError } from "@ken-jo/agent-connector/sdk";
 * new OAuthLoginRequiredError("seo-mcp", "google").message;
 * // 'login "google" is not present for connector seo-mcp — run `auth login google --connector-id seo-mcp`'
 * ```
 */
export class OAuthLoginRequiredError extends OAuthError {
  /** The connector whose login is missing. */
  readonly connectorId: string;
  /** The login key. */
  readonly key: string;
  /** The command that logs in. */
  readonly command: string;

  /** Creates the error. */
  constructor(connectorId: string, key: string) {
    const command = `auth login ${key} --connector-id ${connectorId}`;
    super(
      "login-required",
      `login "${key}" is not present for connector ${connectorId} — run \`${command}\``,
    );
    this.name = "OAuthLoginRequiredError";
    this.connectorId = connectorId;
    this.key = key;
    this.command = command;
  }
}
