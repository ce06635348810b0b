/**
 * `agent-connector serve` — the hidden MCP stdio proxy hosts launch (spec §3).
 *
 * Needs (Deno): `--allow-run` (the server), `--allow-read`/`--allow-write`
 * (the data root: connector record, telemetry store), `--allow-env`,
 * `--allow-sys` (home dir). Hosts run it through the home-bin launcher with `-A`.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { exitLikeServer, runServe } from "../runtime/serve.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector serve --connector <id> [--scope user|project] [--host <platformId>]
                             [--cwd <dir>] [--env KEY=<template> …]
                             [--secret-env KEY=<template> …] -- <command> [args…]

Runs <command> as an MCP stdio server and copies every byte between it and
the host unchanged, counting tokens per tool on the side (aggregate counts
only). Hosts run this; install writes it into their configs.

Flags:
  --connector <id>          the registered connector (telemetry settings, secrets)
  --scope user|project      the scope the wrapper was installed for
  --host <platformId>       the host the wrapper was installed into (labels rows)
  --cwd <dir>               the server's working directory ({env:VAR} expanded), for hosts
                            whose config has no field for it
  --env KEY=<tmpl>          an env entry whose {env:VAR} references the host cannot expand,
                            expanded from this process's environment (repeatable)
  --secret-env KEY=<tmpl>   an env entry resolved from the secret store at launch (repeatable)

Everything after the first "--" is the server command, passed through verbatim.
Unknown flags before "--" are ignored so an older or newer wrapper never fails.
AGENT_CONNECTOR_TELEMETRY=0 turns telemetry off (a pure byte pipe). When the host
closes stdin the server gets EOF; one still running AGENT_CONNECTOR_SERVE_GRACE_MS
later (default 10000) gets SIGTERM, and SIGKILL after as long again.

Example:
  agent-connector serve --connector acme-db --host claude-code -- node ./server.js --stdio
`;

/** Runs the proxy; ends the process the way the server ended. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const result = await runServe({
    argv: args,
    machine: ctx.machine,
    log: (line) => ctx.stderr.write(`${line}\n`),
    forwardSignals: true,
  });
  return exitLikeServer(result);
}
