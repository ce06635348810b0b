/**
 * Runs the real CLI as a child process on the runtime running the tests:
 * `deno run -A cli/main.ts` under Deno, `node --import tsx cli/main.ts` under
 * Node. For entrypoints that own the process's stdio (serve, hook).
 *
 * @module
 */

import process from "node:process";
import { fileURLToPath } from "node:url";
import { runtimeName } from "../../edge/runtime_info.ts";

/** The CLI's entry file. */
export const CLI_MAIN: string = fileURLToPath(new URL("../../cli/main.ts", import.meta.url));

/** Returns `[executable, ...args]` that starts the CLI with `argv`. */
export function cliCommand(argv: readonly string[]): [string, ...string[]] {
  const runtime = runtimeName() === "deno"
    ? ["run", "-A", "--quiet", CLI_MAIN]
    : ["--import", "tsx", CLI_MAIN];
  return [process.execPath, ...runtime, ...argv];
}
