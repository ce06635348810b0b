/**
 * Junie, JetBrains' own coding agent (IDE plugin and Junie CLI; closed
 * source, distinct from jetbrains-copilot). Facts from
 * jetbrains.com/help/junie/model-context-protocol-mcp.html,
 * junie.jetbrains.com/docs/junie-cli-hooks.html and SOURCES.md:
 *
 * - Detection: `~/.junie` and a project's `.junie/`.
 * - MCP: `mcpServers` in `~/.junie/mcp/mcp.json` (every project) and a
 *   project's `.junie/mcp/mcp.json`; stdio `{command, args, env}` only
 *   ("Junie supports only MCP servers that use the stdio transport"), no
 *   cwd, timeout or disabled field, no env-reference syntax (so `serve`
 *   resolves every `${env:…}` at launch).
 * - Memory: the project's `AGENTS.md`.
 * - Hooks: Junie CLI runs only SessionStart hooks (`startup`, `resume`),
 *   Claude-style nested groups under `hooks` in the user's
 *   `~/.junie/config.json` (a project's `.junie/config.json` hooks are
 *   ignored unless passed with `--config-location`), with a 10 s default
 *   timeout, and reads nothing back (the hooks page): the SessionStart
 *   handler runs for its side effects; its decision or context is reported
 *   as dropped (dialects/junie.ts). Every other event is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";

const junieDir = home(".junie");
const projectDir = project(".junie");

/** The Junie adapter. */
export const adapter: HostAdapter = defineHost({
  id: "junie",
  name: "Junie",
  paradigm: "json-stdio",
  // Closed source: facts from docs only (SOURCES.md).
  factsFrom: "docs",
  detect: { user: [junieDir], project: [projectDir] },
  server: {
    paths: { user: junieDir.join("mcp", "mcp.json"), project: projectDir.join("mcp", "mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio"],
    render: jsonServerRenderer({ host: "Junie" }),
  },
  hooks: {
    paths: { user: junieDir.join("config.json") },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: { SessionStart: { name: "SessionStart" } },
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  memory: { paths: { project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "Junie reads nothing a SessionStart hook prints: the handler runs for its side effects only.",
      about: "hooks",
    },
  ],
});
