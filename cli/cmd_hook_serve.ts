/**
 * `hook-serve`: the long-lived hook process a plugin host's generated
 * plugin starts (hidden from help; runtime/hook_serve.ts). The process entry
 * routes here without loading the CLI; this command serves in-process
 * callers such as a branded CLI, and `--help`.
 *
 * @module
 */

import { hookServeEntry } from "../runtime/hook_serve.ts";

/** Help text. */
export const help: string = `Usage: agent-connector hook-serve

Answers hook calls for a plugin host (opencode, Kilo, MiMoCode, OpenClaw,
NemoClaw, Amp, pi, oh-my-pi) until stdin closes. Each stdin line is one
call, {"n", "args", "stdin"}, where args are those of \`hook\` (<platform>
<event> --connector <id>) and stdin its payload; each reply is one line
{"n", "stdout"}, in the order the handlers finish.
The plugin install writes starts it; fail-open like \`hook\`.

Flags:
  none (each request line names its platform, event and connector)

Example:
  echo '{"n":1,"args":["opencode","PreToolUse","--connector","acme-db"],"stdin":"{}"}' | agent-connector hook-serve
`;

/** Serves hook calls from this process's stdin. */
export function run(): Promise<number> {
  return hookServeEntry();
}
