/**
 * Trae, ByteDance's IDE (mcp-only, closed source). Facts from HOSTS.md §11
 * "trae", TRAE's docs (volcengine.com/docs/86677 "添加 MCP Server",
 * docs.trae.cn) and SOURCES.md:
 *
 * - Detection: the app's folder (a VS Code fork: `Trae` under the OS's
 *   application config folder), `~/.trae`, and a project's `.trae/`.
 * - MCP, user: `mcpServers` in `User/mcp.json` of the app's folder (what
 *   "Settings → MCP → raw JSON" edits; pathintegral-institute/mcpm.sh#92
 *   found it on macOS). MCP, project: `.trae/mcp.json`, loaded only once
 *   the user turns on "Enable Project MCP" (a doctor note says so).
 *   stdio `{command, args, env}`; remote `{type, url, headers}` over SSE
 *   or streamable HTTP (Trae 1.4.1+). Trae documents no env-reference
 *   syntax, so every `${env:…}` is resolved by `serve` at launch.
 * - Memory: the project rules file `.trae/rules/project_rules.md`, which
 *   Trae's agent loads at start; user rules live inside the app only.
 * - Skills: `<n>/SKILL.md` under a project's `.trae/skills/`; Trae's docs
 *   ("技能") say skills apply to the current project only and only in SOLO
 *   mode (a doctor note says so).
 * - Hooks, commands, subagents: none documented; each declared one is
 *   reported.
 * - Usage: Trae keeps no token log on this machine (usage/readers/synced.ts).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { appConfig, home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { standardSkill } from "../render/skill.ts";

const appDir = appConfig("Trae");
const projectDir = project(".trae");

/** The Trae adapter. */
export const adapter: HostAdapter = defineHost({
  id: "trae",
  name: "Trae",
  paradigm: "mcp-only",
  // Closed source: facts from docs only (SOURCES.md).
  factsFrom: "docs",
  detect: { user: [appDir, home(".trae")], project: [projectDir] },
  server: {
    paths: { user: appDir.join("User", "mcp.json"), project: projectDir.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    render: jsonServerRenderer({ host: "Trae", remoteType: true }),
  },
  skills: { paths: { project: projectDir.join("skills") }, render: standardSkill("Trae") },
  memory: { paths: { project: projectDir.join("rules", "project_rules.md") } },
  doctorNotes: [
    {
      text:
        'Trae loads a project\'s .trae/mcp.json only after "Enable Project MCP" is turned on in its MCP settings.',
      about: "server",
      scope: "project",
    },
    {
      text: "Trae uses a project's .trae/skills/ only in SOLO mode.",
      scope: "project",
    },
  ],
});
