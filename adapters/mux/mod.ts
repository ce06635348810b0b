/**
 * Mux (Coder's agent multiplexer, renamed Xum; mcp-only). Facts from
 * coder/mux (SOURCES.md):
 *
 * - Home: `$XUM_ROOT` (or the legacy `$MUX_ROOT`), else `~/.xum`, else the
 *   legacy `~/.mux` or `~/.cmux` when only those exist
 *   (`src/common/constants/paths.ts` `getXumHome`; `src/common/compat/`).
 *   Detection: any of them, and a project's `.xum/` or `.mux/`.
 * - MCP: `servers` in `mcp.jsonc` of the home (user) and in a project's
 *   `.xum/mcp.jsonc`, else the legacy `.mux/mcp.jsonc` when only that exists
 *   (`mcpConfigService.ts`; project servers load only for a trusted
 *   project). Each value is one shell command string (server.ts).
 * - Hooks, commands, skills, subagents, memory: not written here; each
 *   declared one is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { firstExisting, project } from "../paths.ts";
import { legacyHomes, muxHome, xumHome } from "./home.ts";
import { renderMuxServer } from "./server.ts";

const projectMcp = firstExisting(project(".xum", "mcp.jsonc"), project(".mux", "mcp.jsonc"));

/** The Mux adapter. */
export const adapter: HostAdapter = defineHost({
  id: "mux",
  name: "Mux",
  paradigm: "mcp-only",
  factsFrom: "source",
  detect: {
    user: [xumHome, ...legacyHomes],
    project: [project(".xum"), project(".mux")],
  },
  server: {
    paths: { user: muxHome.join("mcp.jsonc"), project: projectMcp },
    format: "jsonc",
    collection: { at: ["servers"] },
    transports: ["stdio", "http", "sse"],
    render: renderMuxServer,
  },
});
