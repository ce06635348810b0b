/**
 * `statusline <platform> --connector <id>`: the status-line entrypoint hosts
 * run (hidden from help).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { statuslineEntry } from "../runtime/hook_main.ts";
import { contextIo } from "./_entry_io.ts";

/** Help text. */
export const help: string = `Usage: agent-connector statusline <platform> --connector <id>

Renders a connector's status line from the host's JSON payload on stdin.
Hosts call this; install writes it into their settings. Fail-safe: any error
prints nothing and exits 0.

Flags:
  --connector <id>   the registered connector whose status line renders

Example:
  agent-connector statusline claude-code --connector acme-db < payload.json
`;

/** Runs the status-line entrypoint with the command's streams. */
export function run(args: string[], ctx: CliContext): Promise<number> {
  return statuslineEntry(args, contextIo(ctx));
}
