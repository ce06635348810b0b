/**
 * The full CLI behind `cli/main.ts` (everything but the runtime entries).
 *
 * @module
 */

import process from "node:process";
import { CLI_NAME, VERSION } from "../core/version.ts";
import { processContext } from "./_context.ts";
import { runCli } from "./run.ts";

/** Runs the CLI for `argv` and sets the process exit code. */
export async function cliMain(argv: string[]): Promise<void> {
  process.exitCode = await runCli(argv, processContext({ name: CLI_NAME, version: VERSION }));
}
