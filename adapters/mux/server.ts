/**
 * Mux's server entry (coder/mux `src/node/services/mcpConfigService.ts`
 * `normalizeEntry`): a stdio server is ONE shell command string, run with
 * `bash -c` (`src/node/runtime/LocalBaseRuntime.ts`), so there is no args
 * list and no env map. Our words are quoted for a POSIX shell one by one;
 * a literal env value becomes a `NAME=value` assignment in front of the
 * command, and every `${env:…}` / `${secret:…}` value has already gone to
 * `serve` as a launch flag (Mux has no reference syntax). A disabled server
 * is the object form `{command, disabled: true}`, which Mux also reads.
 * Remote servers are `{transport: "http"|"sse", url, headers}`.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { quotePosix } from "../render/command_line.ts";
import { commonDrops } from "../render/server_entry.ts";

/** `NAME=value`, the shell's own way to set one variable for one command. */
function assignment(name: string, value: string): string {
  return `${name}=${quotePosix(value)}`;
}

/** Mux's command line for a stdio launch: assignments, then the quoted words. */
export function muxCommandLine(launch: NonNullable<ServerRenderInput["launch"]>): string {
  const env = Object.entries(launch.env).map(([k, v]) => assignment(k, v));
  const words = [launch.command, ...launch.args].map(quotePosix);
  return [...env, ...words].join(" ");
}

/** Renders Mux's entry: a command string, or an object for remote and disabled servers. */
export function renderMuxServer(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "Mux", {});
  const disabled = server.enabled === false;
  if (input.launch) {
    const command = muxCommandLine(input.launch);
    return disabled
      ? { entry: { command, disabled: true }, dropped }
      : { entry: {}, scalar: command, dropped };
  }
  const entry: Record<string, unknown> = {};
  if (input.remote) {
    entry.transport = input.remote.transport;
    entry.url = input.remote.url;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  if (disabled) entry.disabled = true;
  return { entry, dropped };
}
