/**
 * The Gemini-family MCP server entry (Gemini CLI and Qwen Code;
 * google-gemini/gemini-cli docs/tools/mcp-server.md, HOSTS.md §5b, trap 2).
 * There is no `type`: the key present picks the transport — `command` for
 * stdio, `url` for SSE, `httpUrl` for streamable HTTP. `timeout` is in
 * milliseconds; `cwd`, `includeTools` and `excludeTools` exist (exact tool
 * names). `$VAR` / `${VAR}` in string values are expanded by the host when it
 * loads its settings.
 *
 * @module
 */

import type { Dropped, RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { hasEnvRef } from "../env_ref.ts";
import { commonDrops } from "./server_entry.ts";

const GLOB = /[*?[\]{}]/;

/** Exact names of a tool list without the match-all `*`, or undefined when one is a glob. */
function exactNames(names: string[] | undefined): string[] | undefined {
  const kept = (names ?? []).filter((n) => n !== "*");
  return kept.some((n) => GLOB.test(n)) ? undefined : kept;
}

/** A renderer of the Gemini-family entry for `host`. */
export function geminiServerEntry(host: string): (input: ServerRenderInput) => RenderedEntry {
  return (input) => {
    const { server } = input;
    const dropped: Dropped[] = commonDrops(server, host, {
      cwd: true,
      timeout: true,
      toolFilter: true,
    });
    const entry: Record<string, unknown> = {};
    if (input.launch) {
      entry.command = input.launch.command;
      entry.args = input.launch.args;
      if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
      if (server.cwd !== undefined) {
        if (hasEnvRef(server.cwd)) {
          dropped.push({
            field: "server.cwd",
            reason: `${host} does not expand references in cwd`,
          });
        } else entry.cwd = server.cwd;
      }
    } else if (input.remote) {
      entry[input.remote.transport === "sse" ? "url" : "httpUrl"] = input.remote.url;
      if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
    }
    if (server.timeoutMs !== undefined) entry.timeout = server.timeoutMs;
    const include = exactNames(server.tools?.include);
    const exclude = exactNames(server.tools?.exclude);
    if (include === undefined || exclude === undefined) {
      dropped.push({
        field: "server.tools",
        reason: `${host} filters tools by exact name only; the glob is not written`,
      });
    }
    if (include?.length) entry.includeTools = include;
    if (exclude?.length) entry.excludeTools = exclude;
    const skip = server.enabled === false
      ? `${host} has no disabled flag on an MCP server entry (only the global mcp.excluded list); the disabled server is not registered`
      : undefined;
    return { entry, dropped, skip };
  };
}
