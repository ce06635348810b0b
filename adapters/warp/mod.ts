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
 * - Actions: one YAML workflow each, `<connector>-<action>.yaml` (`name`,
 *   `command`, `description`), which Warp lists in its workflow search and
 *   puts on the command line to run. Warp loads every `.yaml`/`.yml` below
 *   `workflows/` of its data folder — `~/.warp` on macOS,
 *   `$XDG_DATA_HOME/warp-terminal` on Linux, `%APPDATA%\warp\Warp\data` on
 *   Windows (warpdotdev/warp crates/warp_core/src/paths.rs `data_dir`,
 *   app/src/user_config/native.rs `load_workflows`) — and below a git
 *   root's `.warp/workflows` (app/src/workflows/local_workflows.rs).
 * - Hooks, commands, subagents: none; every declared one is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter, type ServerRenderInput } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { byOs, home, project, roamingAppData, xdgConfig, xdgData } from "../paths.ts";
import type { ActionRenderInput } from "../action_surface.ts";
import { jsonServerRenderer } from "../render/json_server.ts";

const warpDir = home(".warp");

/** Warp's data folder, where its own workflows live (see the module doc). */
const warpData = byOs({
  darwin: warpDir,
  win32: roamingAppData("warp", "Warp", "data"),
  default: xdgData("warp-terminal"),
});

/** One action as a Warp workflow (warpdotdev/workflows FORMAT.md fields). */
function warpWorkflow(input: ActionRenderInput): Record<string, unknown> {
  return {
    name: input.label,
    command: input.commandLine,
    ...(input.description ? { description: input.description } : {}),
  };
}
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
  actions: {
    paths: { user: warpData.join("workflows"), project: project(".warp", "workflows") },
    format: "yaml",
    at: [],
    file: (connectorId, actionId) => `${connectorId}-${actionId}.yaml`,
    invocation: "paste",
    affordance: "workflow",
    render: warpWorkflow,
  },
});
