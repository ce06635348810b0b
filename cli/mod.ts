/**
 * The CLI as a library: run it in-process or build a branded CLI.
 *
 * @module
 */

export { runCli } from "./run.ts";
export type { CliBrand, CliContext, TextSink } from "./_context.ts";
