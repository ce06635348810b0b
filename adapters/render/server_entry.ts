/**
 * Family renderers for MCP server entries. Each takes the resolved launch
 * (adapters/render/server_launch.ts) and returns the native entry plus the
 * server fields the family cannot take. A host picks one in its descriptor;
 * a host with a different shape writes its own renderer next to its
 * descriptor and reuses {@link commonDrops}.
 *
 * @module
 */

import type { ServerDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedEntry, ServerRenderInput } from "../descriptor.ts";

/** The server fields a family supports natively. */
export interface FamilySupport {
  /** A working-directory field exists. */
  cwd?: boolean;
  /** A per-server timeout field exists. */
  timeout?: boolean;
  /** A disabled/enabled flag exists. */
  disabled?: boolean;
  /** Native tool include/exclude lists exist. */
  toolFilter?: boolean;
}

/** True when `tools` is the default (every tool, none excluded). */
export function allTools(tools: ServerDef["tools"]): boolean {
  const include = tools?.include ?? ["*"];
  return include.length === 1 && include[0] === "*" && !(tools?.exclude?.length);
}

/** Reports every declared server field the family cannot write. */
export function commonDrops(server: ServerDef, host: string, support: FamilySupport): Dropped[] {
  const dropped: Dropped[] = [];
  if (server.cwd !== undefined && !support.cwd) {
    dropped.push({
      field: "server.cwd",
      reason: `${host} has no working-directory field for MCP servers`,
    });
  }
  if (server.timeoutMs !== undefined && !support.timeout) {
    dropped.push({ field: "server.timeoutMs", reason: `${host} has no per-server timeout` });
  }
  if (!allTools(server.tools) && !support.toolFilter) {
    dropped.push({ field: "server.tools", reason: `${host} cannot filter an MCP server's tools` });
  }
  return dropped;
}

/**
 * The entry of hosts that took Claude Code's MCP shape, as a renderer for
 * `host`: stdio `{type:"stdio", command, args, env}`, remote
 * `{type:"http"|"sse"|"ws", url, headers}`, plus `timeout` (ms) where the
 * host has one and `disabled: true` where it has that flag; a disabled
 * server on a host without the flag is not registered (and reported)
 * rather than written enabled.
 */
export function typedServerEntry(
  host: string,
  support: FamilySupport,
): (input: ServerRenderInput) => RenderedEntry {
  return (input) => {
    const { server } = input;
    const dropped = commonDrops(server, host, support);
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
    if (support.timeout && server.timeoutMs !== undefined) entry.timeout = server.timeoutMs;
    if (server.enabled === false && support.disabled) entry.disabled = true;
    const skip = server.enabled === false && !support.disabled
      ? `${host} has no disabled flag for MCP servers; the disabled server is not registered`
      : undefined;
    return { entry, dropped, skip };
  };
}

/**
 * Claude Code's entry (HOSTS.md §2b): {@link typedServerEntry} with
 * `timeout` in milliseconds and no disabled flag (a `url` without `type`
 * is an error there).
 */
export const claudeServerEntry: (input: ServerRenderInput) => RenderedEntry = typedServerEntry(
  "Claude Code",
  { timeout: true },
);
