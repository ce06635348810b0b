/**
 * Grok Build's `[mcp_servers.<id>]` table in config.toml (xai-org/grok-build
 * `crates/codegen/xai-grok-config-types/src/mcp.rs`; user guide
 * 05-configuration.md, 07-mcp-servers.md): stdio `{command, args, env, cwd}`,
 * remote `{url, type = "http"|"sse", headers}`, `enabled`,
 * `tool_timeout_sec`. Grok expands `${VAR}` and `${VAR:-default}` in
 * `url`, `command`, `args`, `env` and `headers` at load time.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

/** Renders Grok Build's server table. */
export function grokServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped = commonDrops(server, "Grok Build", { cwd: true, timeout: true, disabled: true });
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    if (server.cwd !== undefined) entry.cwd = server.cwd;
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
  } else if (input.remote) {
    entry.url = input.remote.url;
    entry.type = input.remote.transport;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  if (server.timeoutMs !== undefined && server.timeoutMs >= 0) {
    entry.tool_timeout_sec = Math.ceil(server.timeoutMs / 1000);
  }
  if (server.enabled === false) entry.enabled = false;
  return { entry, dropped };
}
