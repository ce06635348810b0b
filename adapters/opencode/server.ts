/**
 * opencode's MCP entry (opencode.ai/docs/mcp-servers; HOSTS.md §8b, trap 2):
 * a local server is `{type:"local", command:[program, ...args],
 * environment}` — the command is one array and the env key is
 * `environment` — and a remote one `{type:"remote", url, headers}`.
 * `enabled:false` disables an entry and `timeout` is in milliseconds. There
 * is no working-directory field and tool filtering lives outside the entry,
 * so those are reported.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders the connector's server as an opencode `mcp` entry. */
export function opencodeServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "opencode", { timeout: true, disabled: true });
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.type = "local";
    entry.command = [input.launch.command, ...input.launch.args];
    if (Object.keys(input.launch.env).length) entry.environment = input.launch.env;
  } else if (input.remote) {
    entry.type = "remote";
    entry.url = input.remote.url;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  if (server.enabled === false) entry.enabled = false;
  if (server.timeoutMs !== undefined) entry.timeout = server.timeoutMs;
  return { entry, dropped };
}
