/**
 * Errors of the secret store and of secret delivery at launch.
 *
 * @module
 */

/** Why a secret operation failed. */
export type SecretErrorCode =
  | "invalid-name"
  | "invalid-value"
  | "backend-unavailable"
  | "backend-failed"
  | "unsupported-platform";

/**
 * A secret operation that failed: a bad name or value, a keystore that cannot
 * be reached, or one that refused the operation. Messages never contain a value.
 *
 * @example
 * ```ts
 * import { SecretError } from "./errors.ts";
 * const err = new SecretError("invalid-name", 'secret name "a b" is not valid', { hint: "use letters" });
 * err.code; // "invalid-name"
 * ```
 */
export class SecretError extends Error {
  /** What kind of failure this is. */
  readonly code: SecretErrorCode;
  /** What the user can do about it, when there is something. */
  readonly hint?: string;

  /** Creates the error. */
  constructor(
    code: SecretErrorCode,
    message: string,
    options?: ErrorOptions & { hint?: string },
  ) {
    super(message, options);
    this.name = "SecretError";
    this.code = code;
    if (options?.hint !== undefined) this.hint = options.hint;
  }
}

/**
 * Secrets a launch (or a login) needs that are not set. The message names
 * every missing secret and the command that sets it.
 *
 * @example
 * ```ts
 * import { SecretResolutionError } from "./errors.ts";
 * new SecretResolutionError("acme-db", ["db-pass"]).message;
 * // 'connector "acme-db": 1 secret not set: db-pass. Run `secrets set <name> --connector-id acme-db` for each.'
 * ```
 */
export class SecretResolutionError extends Error {
  /** The connector whose secrets are missing. */
  readonly connectorId: string;
  /** The names not set, in first-seen order. */
  readonly missing: string[];

  /**
   * Creates the error. `context` names where the secrets are referenced
   * (e.g. `oauth.google.clientId`) and is appended in parentheses.
   */
  constructor(
    connectorId: string,
    missing: string[],
    options?: ErrorOptions & { context?: string },
  ) {
    const count = missing.length;
    const noun = count === 1 ? "secret" : "secrets";
    const context = options?.context ? ` (${options.context})` : "";
    super(
      `connector "${connectorId}": ${count} ${noun} not set: ${missing.join(", ")}. ` +
        `Run \`secrets set <name> --connector-id ${connectorId}\` for each${context}.`,
      options,
    );
    this.name = "SecretResolutionError";
    this.connectorId = connectorId;
    this.missing = [...missing];
  }
}
