/**
 * Codebuff and its free tier Freebuff (mcp-only). Facts from
 * codebuff.com/docs/tips/{mcp-servers,skills,knowledge-files} and
 * CodebuffAI/codebuff (SOURCES.md):
 *
 * - Detection: Codebuff's config folders `~/.config/manicode` (credentials;
 *   npm-app/src/credentials.ts) and `~/.config/freebuff`, the user's
 *   `~/.agents/mcp.json`, and a project's `knowledge.md` or
 *   `.agents/mcp.json`.
 * - MCP: `mcpServers` in `~/.agents/mcp.json` (user) and `.agents/mcp.json`
 *   (project), merged with the other files Codebuff reads (sdk/src/agents/
 *   load-mcp-config.ts `getDefaultMcpConfigPaths`; later files win).
 *   stdio `{command, args, env}`, remote `{type: "http", url, headers}`.
 *   Codebuff resolves an `env` value that starts with `$` as a variable
 *   name, but a missing variable makes it skip the WHOLE file, the user's
 *   own servers too (`resolveMcpConfigEnv` throws, the loader `continue`s).
 *   So no reference is written in Codebuff's syntax: `serve` resolves
 *   every `${env:…}` at launch, where a missing one harms only our server.
 * - Skills: `<n>/SKILL.md` under `.agents/skills/` or `~/.agents/skills/`.
 * - Memory: knowledge files. In the home folder Codebuff reads only the
 *   first of `~/.knowledge.md`, `~/.AGENTS.md`, `~/.CLAUDE.md`; in a project
 *   `knowledge.md` (then `AGENTS.md`, `CLAUDE.md`). The block goes to the
 *   one it reads today, `knowledge.md` when there is none.
 * - Hooks, commands, subagents: Codebuff's agents are TypeScript
 *   definitions, not files we can render; each declared one is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter, type MemoryPlaceInput } from "../descriptor.ts";
import { home, pathApi, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { placeFirstMatch } from "../render/first_match.ts";
import { standardSkill } from "../render/skill.ts";

const agentsDir = home(".agents");
const projectAgents = project(".agents");

/** The knowledge files Codebuff reads, first match wins (see the module doc). */
function knowledgeFiles(input: MemoryPlaceInput): string[] {
  const api = pathApi(input.ctx.os);
  return input.scope === "user"
    ? [".knowledge.md", ".AGENTS.md", ".CLAUDE.md"].map((f) => api.join(input.ctx.home, f))
    : ["knowledge.md", "AGENTS.md", "CLAUDE.md"].map((f) => api.join(input.ctx.projectDir, f));
}

/** The Codebuff adapter. */
export const adapter: HostAdapter = defineHost({
  id: "codebuff",
  name: "Codebuff",
  paradigm: "mcp-only",
  factsFrom: "source",
  detect: {
    user: [home(".config", "manicode"), home(".config", "freebuff"), agentsDir.join("mcp.json")],
    project: [project("knowledge.md"), projectAgents.join("mcp.json")],
  },
  server: {
    paths: { user: agentsDir.join("mcp.json"), project: projectAgents.join("mcp.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http"],
    render: jsonServerRenderer({ host: "Codebuff", remoteType: true }),
  },
  skills: {
    paths: { user: agentsDir.join("skills"), project: projectAgents.join("skills") },
    render: standardSkill("Codebuff"),
  },
  memory: {
    paths: { user: home(".knowledge.md"), project: project("knowledge.md") },
    place: placeFirstMatch(knowledgeFiles),
  },
});
