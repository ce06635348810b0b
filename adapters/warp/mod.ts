/**
 * Warp's agents (mcp-only). Facts from HOSTS.md §11 "warp",
 * docs.warp.dev/agent-platform/capabilities/mcp and Warp's source
 * (warpdotdev/warp, its file-based MCP servers):
 *
 * - Detection: `~/.warp` (macOS; where Warp keeps `.mcp.json` on every OS),
 *   Warp's Linux config folder `~/.config/warp-terminal`, and a project's
 *   `.warp/` or `WARP.md`.
 * - MCP: `mcpServers` in `~/.warp/.mcp.json` (global; its servers start
 *   with Warp) and a project's `.warp/.mcp.json` (started only once the user
 *   approves them). stdio is `{command, args, env, working_directory}` —
 *   Warp spells the cwd `working_directory` (HOSTS.md trap 2); remote is
 *   `{url, headers}` over streamable HTTP or SSE. Values expand braced
 *   `${VAR}` references, without defaults.
 * - Hooks, commands, subagents: none; every declared one is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter, type ServerRenderInput } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { home, project, xdgConfig } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";

const warpDir = home(".warp");
const base = jsonServerRenderer({ host: "Warp", support: { cwd: true } });

/** Warp's entry: the family's flat JSON, with `cwd` spelled `working_directory`. */
function renderWarpServer(input: ServerRenderInput): ReturnType<typeof base> {
  const out = base(input);
  if (!("cwd" in out.entry)) return out;
  const entry = Object.fromEntries(
    Object.entries(out.entry).map(([k, v]) => [k === "cwd" ? "working_directory" : k, v]),
  );
  return { ...out, entry };
}

/** The Warp adapter. */
export const adapter: HostAdapter = defineHost({
  id: "warp",
  name: "Warp",
  paradigm: "mcp-only",
  detect: {
    user: [warpDir, xdgConfig("warp-terminal")],
    project: [project(".warp"), project("WARP.md")],
  },
  server: {
    paths: { user: warpDir.join(".mcp.json"), project: project(".warp", ".mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: DOLLAR_BRACE_REF,
    render: renderWarpServer,
  },
});
