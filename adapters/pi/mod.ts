/**
 * pi (badlogic/pi-mono, packages/coding-agent; npm
 * `@mariozechner/pi-coding-agent`, bin `pi`). Facts in ./SOURCES.md:
 *
 * - Detection: the agent folder `~/.pi/agent` (./home.ts); a project's
 *   `.pi/`.
 * - MCP: pi has none of its own; its tools come from extensions. Our
 *   extension bridges the connector's stdio server: the entry goes to our
 *   own `agent-connector.mcp.json` in the agent folder or `.pi/` (Claude's
 *   `{command, args, env, cwd}` shape; serve resolves references), which
 *   the extension reads — not `mcp.json`, which community MCP extensions
 *   read, so no server is bridged twice. Remote servers are reported.
 * - Hooks and actions: the generated extension (./hooks.ts, ./extension.ts).
 * - Content: prompt templates `prompts/<n>.md` (./content.ts) and skills
 *   `skills/<n>/SKILL.md`, under the agent folder or `.pi/`. There are no
 *   subagents.
 * - Memory: ./memory.ts (AGENTS.md, or the CLAUDE.md pi falls back to).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { piFamilyContent } from "./family.ts";
import { piAgentDir } from "./home.ts";
import { piExtensionHooks } from "./hooks.ts";

const SERVER_FILE = "agent-connector.mcp.json";

/** The pi adapter. */
export const adapter: HostAdapter = defineHost({
  id: "pi",
  name: "pi",
  paradigm: "ts-plugin",
  factsFrom: "source",
  detect: { user: [piAgentDir], project: [project(".pi")] },
  server: {
    paths: { user: piAgentDir.join(SERVER_FILE), project: project(".pi", SERVER_FILE) },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio"],
    render: jsonServerRenderer({ host: "pi", support: { cwd: true } }),
  },
  hooks: piExtensionHooks("pi", piAgentDir, ".pi", { bridgesServer: true }),
  ...piFamilyContent({ name: "pi", dir: piAgentDir, folder: ".pi", commands: "prompts" }),
  doctorNotes: [{
    text:
      "pi loads extensions at startup: restart pi (or run /reload) after an install or uninstall.",
    about: ["server", "hooks"],
  }],
});
