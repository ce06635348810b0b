/**
 * The VS Code family's MCP file, as a preset (adapters/family.ts) for VS
 * Code and the editors built on it: `mcp.json` in the editor's user folder
 * and in the workspace's dot folder (`.vscode/`), JSONC, servers under
 * `servers` (an `inputs` array may sit beside it and is never touched);
 * stdio `{type:"stdio", command, args, env}`, remote `{type:"http"|"sse",
 * url, headers}`; references as `${env:VAR}`. stdio also takes `cwd` (and
 * `envFile`, which a connector sets through `platforms.<id>.extra`); no
 * timeout, disabled flag or tool filter (microsoft/vscode@0b37532
 * src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts `mcpStdioServerSchema`,
 * `additionalProperties: false`; vscode-docs mcp-configuration.md).
 *
 * @module
 */

import type { ServerSurface } from "../descriptor.ts";
import { ENV_COLON_REF } from "../env_ref.ts";
import { type PathFn, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";

/** The MCP surface of a VS Code-family editor named `name`. */
export function vscodeMcpServer(
  name: string,
  userFolder: PathFn,
  folder = ".vscode",
): ServerSurface {
  return {
    paths: { user: userFolder.join("mcp.json"), project: project(folder, "mcp.json") },
    format: "jsonc",
    collection: { at: ["servers"] },
    transports: ["stdio", "http", "sse"],
    envRef: ENV_COLON_REF,
    render: jsonServerRenderer({
      host: name,
      stdioType: "stdio",
      remoteType: true,
      support: { cwd: true },
    }),
  };
}
