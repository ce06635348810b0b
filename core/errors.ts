/**
 * The project's error classes.
 *
 * @module
 */

/**
 * Thrown by `defineConnector` when a connector config breaks a rule of the
 * specification. The message names the field and what to change.
 *
 * @example
 * ```ts
 * import { ConnectorConfigError, defineConnector } from "@ken-jo/agent-connector/sdk";
 * try {
 *   defineConnector({ server: { transport: "stdio", command: "" } });
 * } catch (error) {
 *   // "server.command: a stdio server needs a command (a non-empty string)"
 *   if (error instanceof ConnectorConfigError) console.error(error.message);
 * }
 * ```
 */
export class ConnectorConfigError extends Error {
  /** Creates the error with a message naming the offending field. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ConnectorConfigError";
  }
}

/**
 * A domain failure that callers may catch by `code` (a file that does not
 * parse, a lock held too long, …). `file` and `line` are set when known.
 */
export class AgentConnectorError extends Error {
  /** A stable machine-readable code. */
  readonly code: string;
  /** The file involved, when there is one. */
  readonly file?: string;
  /** The 1-based line in `file`, when known. */
  readonly line?: number;

  /** Creates the error. */
  constructor(
    code: string,
    message: string,
    options?: ErrorOptions & { file?: string; line?: number },
  ) {
    super(message, options);
    this.name = "AgentConnectorError";
    this.code = code;
    this.file = options?.file;
    this.line = options?.line;
  }
}
