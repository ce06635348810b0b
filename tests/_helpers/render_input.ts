/**
 * Server render inputs for adapter tests: what the engine hands a host's
 * server renderer for a stdio or a remote (HTTP) server.
 *
 * @module
 */

import type { ServerDef } from "../../core/connector_types.ts";
import type { ServerRenderInput } from "../../adapters/descriptor.ts";

/** A stdio server `srv` with `server`'s fields, launched as is. */
export function stdioInput(server: Partial<ServerDef> = {}): ServerRenderInput {
  return {
    id: "acme",
    displayName: "Acme",
    server: { transport: "stdio", command: "srv", ...server },
    launch: { command: "srv", args: [], env: {} },
  };
}

/** A streamable-HTTP server at `https://a/mcp` with `server`'s fields and no headers. */
export function httpInput(server: Partial<ServerDef> = {}): ServerRenderInput {
  return {
    id: "acme",
    displayName: "Acme",
    server: { transport: "http", url: "https://a/mcp", ...server },
    remote: { transport: "http", url: "https://a/mcp", headers: {} },
  };
}
