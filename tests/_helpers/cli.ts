/**
 * Runs the CLI in-process with captured streams, for tests.
 *
 * @module
 */

import { Readable } from "node:stream";
import type { CliContext } from "../../cli/_context.ts";
import { runCli } from "../../cli/run.ts";
import type { MachineEnv } from "../../io/machine_env.ts";
import { CLI_NAME, VERSION } from "../../core/version.ts";

/** What a CLI run produced. */
export interface CliRun {
  /** Exit code. */
  code: number;
  /** Everything written to stdout. */
  stdout: string;
  /** Everything written to stderr. */
  stderr: string;
}

/** Runs `argv` on `machine` with `stdin` text; never touches the real process streams. */
export async function runCliCaptured(
  argv: string[],
  machine: Partial<MachineEnv> = {},
  stdin = "",
  brand: Partial<CliContext["brand"]> = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const ctx: CliContext = {
    stdout: { write: (t) => void (stdout += t) },
    stderr: { write: (t) => void (stderr += t) },
    stdin: Readable.from([stdin]),
    machine: { home: "/nonexistent-home", env: {}, os: "linux", cwd: "/", ...machine },
    brand: { name: CLI_NAME, version: VERSION, ...brand },
  };
  const code = await runCli(argv, ctx);
  return { code, stdout, stderr };
}
