/**
 * CodeBuddy Code's MCP entry (codebuddy.ai/docs/cli/mcp): Claude's shape —
 * `{type:"stdio", command, args, env}` or `{type:"http"|"sse", url,
 * headers}` — under `mcpServers`. No timeout, cwd or disabled field is
 * documented, so each is reported rather than written.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders one CodeBuddy Code server entry. */
export function codebuddyServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "CodeBuddy Code", {});
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
  const skip = server.enabled === false
    ? "CodeBuddy Code has no disabled flag for MCP servers; the disabled server is not registered"
    : undefined;
  return { entry, dropped, skip };
}
