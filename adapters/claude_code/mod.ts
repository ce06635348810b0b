/**
 * Claude Code (Anthropic), the reference host: every surface is native.
 * Facts from HOSTS.md §2 (code.claude.com/docs/en/{mcp,hooks,settings,
 * statusline,sub-agents,skills,slash-commands,memory,env-vars}).
 *
 * `CLAUDE_CONFIG_DIR` moves the `~/.claude` tree and `~/.claude.json` with it
 * (HOSTS.md §2a; the latter per Claude's global-config lookup *(verify)*).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { fork } from "../family.ts";
import { project } from "../paths.ts";
import { claudeDir, claudeJson } from "./home.ts";
import { claudeServerEntry } from "../render/server_entry.ts";
import { claudeFamily } from "./family.ts";
import { placeClaudeMemory } from "./memory.ts";

/** The Claude Code adapter: the family preset, with its MCP files and memory bridge. */
export const adapter: HostAdapter = defineHost(fork(
  claudeFamily({
    id: "claude-code",
    name: "Claude Code",
    dir: claudeDir,
    folder: ".claude",
    memoryFile: "CLAUDE.md",
  }),
  {
    // Closed source: facts from docs and runs of the host (SOURCES.md).
    factsFrom: "docs",
    detect: {
      user: [claudeDir, claudeJson],
      project: [project(".claude"), project(".mcp.json"), project("CLAUDE.md")],
    },
    server: {
      // user: top-level mcpServers of ~/.claude.json; project: .mcp.json (HOSTS.md §2b)
      paths: { user: claudeJson, project: project(".mcp.json") },
      format: "json",
      collection: { at: ["mcpServers"] },
      transports: ["stdio", "http", "sse", "ws"],
      envRef: CLAUDE_ENV_REF,
      render: claudeServerEntry,
    },
    memory: { place: placeClaudeMemory, acceptsMode: true },
  },
));
