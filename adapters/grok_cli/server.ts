/**
 * grok-cli's MCP server entry, one element of `mcp.servers` in
 * user-settings.json keyed by `id` (superagent-ai/grok-cli
 * `src/utils/settings.ts`, `McpServerConfig`): `{id, label, enabled,
 * transport: "stdio"|"http"|"sse", command, args, env, cwd, url, headers}`.
 * No timeout field and no `${VAR}` expansion.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders one grok-cli server entry. */
export function grokCliServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "Grok CLI", { cwd: true, disabled: true });
  const entry: Record<string, unknown> = {
    id: input.id,
    label: input.displayName,
    enabled: server.enabled !== false,
  };
  if (input.launch) {
    entry.transport = "stdio";
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
    if (server.cwd !== undefined) entry.cwd = server.cwd;
  } else if (input.remote) {
    entry.transport = input.remote.transport;
    entry.url = input.remote.url;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  return { entry, dropped };
}
