/**
 * `usage-event <platform> --connector <id>`: the hidden host-native turn hook
 * (spec §3). The process entry routes here without loading the CLI table;
 * this command serves in-process callers.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { usageEventEntry } from "../runtime/usage_event.ts";
import { readAllText } from "../runtime/io.ts";

/** Help text. */
export const help: string = `Usage: agent-connector usage-event <platform> --connector <id>

Records one model turn's token usage as the host reports it (Gemini CLI's
AfterModel payload on stdin: usageMetadata) as a host-native telemetry row.
Installed by the Gemini CLI and Antigravity adapters when the connector sets
telemetry.hostNativeUsage. Always exits 0 with no output.

Flags:
  --connector <id>   the registered connector the row is recorded for

Example:
  agent-connector usage-event gemini-cli --connector acme-db < after-model.json
`;

/** Runs the entrypoint with the command's streams. */
export function run(args: string[], ctx: CliContext): Promise<number> {
  return usageEventEntry(args, {
    readStdin: () => readAllText(ctx.stdin),
    env: ctx.machine.env,
    home: ctx.machine.home,
  });
}
