/**
 * The shape of one CLI command. A command lives in its own file
 * `cli/cmd_<name>.ts` exporting a {@link CommandModule}; `cli/commands.ts`
 * lists it once, loaded lazily so start-up stays small.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";

/** What a command file exports. */
export interface CommandModule {
  /** Full help text: usage line, flags, at least one example. */
  help: string;
  /**
   * The help fitted to where it runs (the branded CLI's connector, the config in
   * the working directory) or to the arguments given with `--help` (a
   * subcommand's own help), when the command has one; `help` when it fails.
   */
  helpFor?(ctx: CliContext, args?: readonly string[]): Promise<string>;
  /** Runs the command with the arguments after its name; returns the exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** One row of the command table. */
export interface CommandSpec {
  /** The command word. */
  name: string;
  /** Other words that run it (`update`, `sync` for `upgrade`). */
  aliases?: string[];
  /** One line for the top-level help. */
  summary: string;
  /** Internal entrypoints hosts call are left out of the top-level help. */
  hidden?: boolean;
  /** Loads the command's module. */
  load(): Promise<CommandModule>;
}
