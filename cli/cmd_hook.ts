/**
 * `hook <platform> <event> --connector <id>`: the hook entrypoint hosts run
 * (hidden from help). The process entry routes here without loading the CLI;
 * this command serves in-process callers such as a branded CLI.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { hookEntry } from "../runtime/hook_main.ts";
import { contextIo } from "./_entry_io.ts";

/** Help text. */
export const help: string = `Usage: agent-connector hook <platform> <event> --connector <id>

Runs a connector's hook handler for one host event: reads the host's JSON
payload on stdin and writes the host's native reply. Hosts call this; it is
written into their hook files by install. Fail-open: any error exits 0 with
no output.

Flags:
  --connector <id>   the registered connector whose handler runs

Example:
  echo '{"tool_name":"Bash","tool_input":{}}' | agent-connector hook claude-code PreToolUse --connector acme-db
`;

/** Runs the hook entrypoint with the command's streams. */
export function run(args: string[], ctx: CliContext): Promise<number> {
  return hookEntry(args, contextIo(ctx));
}
