/**
 * Codex's MCP server table, `[mcp_servers.<id>]` in config.toml (HOSTS.md
 * §3b; developers.openai.com/codex/mcp). Codex interpolates nothing in this
 * file, so environment variables travel by name:
 * - stdio: every `${env:VAR}` a server env value uses (secrets included, whose
 *   templates may mix in env) is listed in `env_vars`, which Codex copies
 *   from its own environment into the server's; the `serve` wrapper then
 *   expands the references. Literal values go to the `env` table.
 * - remote (streamable HTTP only; there is no `type`, the `url` key picks
 *   it): `bearer_token_env_var` and `env_http_headers` name the variables.
 *
 * Timeouts are seconds (`tool_timeout_sec`); `enabled = false` writes a
 * disabled server; `enabled_tools` / `disabled_tools` take exact names.
 *
 * @module
 */

import { parseTemplate } from "../../core/interpolation.ts";
import type { Dropped, RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops } from "../render/server_entry.ts";

const GLOB = /[*?[\]{}]/;

/** Env variable names referenced by the server's env values, in first-use order. */
export function referencedEnvNames(values: string[]): string[] {
  const names: string[] = [];
  for (const value of values) {
    for (const part of parseTemplate(value)) {
      if (part.kind === "env" && !names.includes(part.name)) names.push(part.name);
    }
  }
  return names;
}

/** Renders Codex's server table. */
export function codexServerEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const dropped: Dropped[] = commonDrops(server, "Codex", {
    cwd: true,
    timeout: true,
    disabled: true,
    toolFilter: true,
  });
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    const passed = referencedEnvNames([
      ...Object.values(server.env ?? {}),
      ...Object.values(server.secretEnv ?? {}),
    ]);
    if (passed.length) entry.env_vars = passed;
    if (server.cwd !== undefined) {
      if (parseTemplate(server.cwd).some((p) => p.kind !== "text")) {
        dropped.push({ field: "server.cwd", reason: "Codex does not expand references in cwd" });
      } else entry.cwd = server.cwd;
    }
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
  } else if (input.remote) {
    entry.url = input.remote.url;
    if (input.remote.bearerEnvVar) entry.bearer_token_env_var = input.remote.bearerEnvVar;
    if (Object.keys(input.remote.headers).length) entry.http_headers = input.remote.headers;
    if (input.remote.envHeaders) entry.env_http_headers = input.remote.envHeaders;
  }
  // Seconds, as a float; a negative value breaks the whole config file (HOSTS.md §3b).
  if (server.timeoutMs !== undefined && server.timeoutMs >= 0) {
    entry.tool_timeout_sec = server.timeoutMs / 1000;
  }
  if (server.enabled === false) entry.enabled = false;
  const include = (server.tools?.include ?? []).filter((n) => n !== "*");
  const exclude = server.tools?.exclude ?? [];
  if ([...include, ...exclude].some((n) => GLOB.test(n))) {
    dropped.push({
      field: "server.tools",
      reason: "Codex filters tools by exact name only; the glob is not written",
    });
  } else {
    if (include.length) entry.enabled_tools = include;
    if (exclude.length) entry.disabled_tools = exclude;
  }
  return { entry, dropped };
}
