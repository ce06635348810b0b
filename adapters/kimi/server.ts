/**
 * Kimi Code CLI's MCP entry in `mcp.json` (MoonshotAI/kimi-cli
 * docs/en/customization/mcp.md, docs/en/configuration/data-locations.md;
 * the file is handed to FastMCP's client config): stdio `{command, args,
 * env}`, remote `{url, transport: "http"|"sse", headers}`. No cwd, timeout
 * or disabled field, and no `${VAR}` expansion.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders one Kimi server entry. */
export function kimiServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "Kimi", {});
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
  } else if (input.remote) {
    entry.url = input.remote.url;
    entry.transport = input.remote.transport;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  const skip = server.enabled === false
    ? "Kimi has no disabled flag for MCP servers; the disabled server is not registered"
    : undefined;
  return { entry, dropped, skip };
}
