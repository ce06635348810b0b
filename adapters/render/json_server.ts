/**
 * The family renderer for hosts that keep MCP servers as flat JSON objects
 * (`{command, args, env}` / `{url, headers}`) and differ only in small
 * facts: which `type` a stdio entry carries, whether a remote entry names
 * its transport, where headers live, and which optional fields exist. A host
 * states those facts in a {@link JsonServerShape}; everything it cannot
 * take comes back as `dropped` (and a server it cannot register as `skip`).
 *
 * @example
 * ```ts
 * import { jsonServerRenderer } from "./json_server.ts";
 * const render = jsonServerRenderer({ host: "Cursor" });
 * render({
 *   id: "acme", displayName: "Acme", server: { transport: "stdio", command: "acme" },
 *   launch: { command: "acme", args: [], env: {} },
 * }).entry; // { command: "acme", args: [] }
 * ```
 *
 * @module
 */

import type { ServerDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { commonDrops, type FamilySupport } from "./server_entry.ts";

/** The facts that tell one JSON host's server entry from another's. */
export interface JsonServerShape {
  /** The host's name, for drop reasons. */
  host: string;
  /** The `type` written on stdio entries (`"stdio"`, `"local"`); none when omitted. */
  stdioType?: string;
  /**
   * Remote entries carry a `type` next to the url: `true` writes the
   * transport (`"http"`, `"sse"`); a map names the host's own literals
   * (Cline `{http: "streamableHttp"}`).
   */
  remoteType?: boolean | Partial<Record<"http" | "sse" | "ws", string>>;
  /** The key holding a remote server's address (`url`; Windsurf: `serverUrl`). */
  urlKey?: string;
  /** How a disabled server is written: `disabled: true` (default) or `enabled: false` (Zed). */
  disabledField?: "disabled" | "enabled";
  /** The unit of the host's `timeout` field (milliseconds unless `"s"`). */
  timeoutUnit?: "ms" | "s";
  /** The key of the timeout field (`timeout` by default; Continue: `connectionTimeout`). */
  timeoutKey?: string;
  /** Where headers go (`["headers"]` by default; JetBrains: `["requestInit", "headers"]`). */
  headersAt?: readonly string[];
  /** Optional server fields the host has. */
  support?: FamilySupport;
  /** Host-only fields derived from the server (Copilot CLI's `tools` list). */
  extra?(server: ServerDef): { fields: Record<string, unknown>; dropped: Dropped[] };
}

function nest(path: readonly string[], value: Record<string, unknown>): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), value);
}

/** Builds the server renderer of one JSON host. */
export function jsonServerRenderer(
  shape: JsonServerShape,
): (input: ServerRenderInput) => RenderedEntry {
  const support = shape.support ?? {};
  return (input) => {
    const { server } = input;
    const extra = shape.extra?.(server);
    const dropped = [
      ...commonDrops(server, shape.host, { ...support, toolFilter: support.toolFilter || !!extra }),
      ...(extra?.dropped ?? []),
    ];
    let entry: Record<string, unknown> = {};
    if (input.launch) {
      if (shape.stdioType) entry.type = shape.stdioType;
      entry.command = input.launch.command;
      entry.args = input.launch.args;
      if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
      if (server.cwd !== undefined && support.cwd) entry.cwd = server.cwd;
    } else if (input.remote) {
      const types = shape.remoteType;
      if (types === true) entry.type = input.remote.transport;
      else if (types && types[input.remote.transport]) entry.type = types[input.remote.transport];
      entry[shape.urlKey ?? "url"] = input.remote.url;
      if (Object.keys(input.remote.headers).length) {
        entry = { ...entry, ...nest(shape.headersAt ?? ["headers"], input.remote.headers) };
      }
    }
    if (server.timeoutMs !== undefined && support.timeout) {
      entry[shape.timeoutKey ?? "timeout"] = shape.timeoutUnit === "s"
        ? Math.max(1, Math.round(server.timeoutMs / 1000))
        : server.timeoutMs;
    }
    Object.assign(entry, extra?.fields ?? {});
    let skip: string | undefined;
    if (server.enabled === false) {
      if (support.disabled && shape.disabledField === "enabled") entry.enabled = false;
      else if (support.disabled) entry.disabled = true;
      else {
        skip =
          `${shape.host} has no disabled flag for MCP servers; the disabled server is not registered`;
      }
    }
    return { entry, dropped, skip };
  };
}
