/**
 * CLI failures and the exit codes they map to.
 *
 * @module
 */

/** A wrong invocation (unknown command or flag, missing argument): exit 2. */
export class UsageError extends Error {
  /** Creates the error; the message is printed on stderr with a help hint. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A failure the user can act on (bad file, missing config): exit 1, no stack trace. */
export class CliError extends Error {
  /** The exit code; 1 unless set. */
  readonly exitCode: number;
  /** Creates the error. */
  constructor(message: string, exitCode = 1, options?: ErrorOptions) {
    super(message, options);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}
