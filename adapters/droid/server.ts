/**
 * Droid's MCP entry, from Droid 0.225.2's own schema of `mcp.json`:
 * stdio `{type:"stdio", command, args, env, disabled}`, remote
 * `{type:"http"|"sse", url, headers, disabled}` (plus `oauth`, not written).
 * No cwd or timeout field exists; those are reported.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders one Droid server entry. */
export function droidServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "Droid", { disabled: true });
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.type = "stdio";
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
  } else if (input.remote) {
    entry.type = input.remote.transport;
    entry.url = input.remote.url;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  if (server.enabled === false) entry.disabled = true;
  return { entry, dropped };
}
