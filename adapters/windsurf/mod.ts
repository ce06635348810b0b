/**
 * Windsurf (Cascade). Facts from HOSTS.md §9 and the sources named there:
 *
 * - Detection: `~/.codeium/windsurf/` (the same path under `%USERPROFILE%`
 *   on Windows); a project's `.windsurf/`. `~/.codeium/` alone belongs to
 *   Codeium's plugins for other editors, so it is not a marker.
 * - MCP: user/global only — `~/.codeium/windsurf/mcp_config.json`,
 *   `mcpServers`; stdio `{command, args, env}`, remote `{serverUrl,
 *   headers}` (HOSTS.md trap 2). References are written as `${env:VAR}`:
 *   "Windsurf MCP configuration supports ${env:VAR_NAME} and ${file:/path}
 *   interpolation" (syllago.dev/using-syllago/providers/windsurf/mcp, citing
 *   Windsurf's MCP docs) *(verify)*. No disabled flag, cwd or timeout is
 *   documented, so those are reported. A project install registers no
 *   server: one `!`, nothing written elsewhere.
 * - Hooks (Cascade Hooks, docs.windsurf.com/windsurf/cascade/hooks): user
 *   `~/.codeium/windsurf/hooks.json`, workspace `.windsurf/hooks.json`, all
 *   merged; `{"hooks": {"<event>": [{"command": …}]}}` — the shape of the
 *   docs' "basic structure" example. Replies are exit codes only
 *   (dialects/windsurf.ts). PreToolUse and PostToolUse each run on four
 *   native events (command, read, write, MCP tool); there is no matcher
 *   field, so the runtime applies matchers. No SessionStart, SessionEnd,
 *   compaction, notification, permission or subagent event exists.
 * - Content: workflows `.windsurf/workflows/<n>.md` /
 *   `~/.codeium/windsurf/global_workflows/<n>.md` (slash commands,
 *   `description` frontmatter); skills `.windsurf/skills/` /
 *   `~/.codeium/windsurf/skills/` (docs.windsurf.com/windsurf/cascade/skills).
 * - Memory: the dedicated rules file `.windsurf/rules/agent-connector.md`
 *   led by `trigger: always_on` (spec §2.4: the whole file goes into the
 *   system prompt on every message). Spec §2.4 names no primary-verified
 *   user rules folder for Windsurf, so user scope is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { ENV_COLON_REF } from "../env_ref.ts";
import { home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";

const userDir = home(".codeium", "windsurf");
const projectDir = project(".windsurf");

/** The Windsurf adapter. */
export const adapter: HostAdapter = defineHost({
  id: "windsurf",
  name: "Windsurf",
  paradigm: "json-stdio",
  // Closed source: facts from docs and runs of the host (SOURCES.md).
  factsFrom: "docs",
  detect: { user: [userDir], project: [projectDir] },
  server: {
    paths: { user: userDir.join("mcp_config.json") },
    format: "json",
    collection: { at: ["mcpServers"] },
    transports: ["stdio", "http", "sse"],
    envRef: ENV_COLON_REF,
    render: jsonServerRenderer({ host: "Windsurf", urlKey: "serverUrl" }),
  },
  hooks: {
    paths: { user: userDir.join("hooks.json"), project: projectDir.join("hooks.json") },
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    events: {
      UserPromptSubmit: { name: "pre_user_prompt" },
      PreToolUse: {
        name: "pre_run_command",
        also: ["pre_read_code", "pre_write_code", "pre_mcp_tool_use"],
      },
      PostToolUse: {
        name: "post_run_command",
        also: ["post_read_code", "post_write_code", "post_mcp_tool_use"],
      },
      Stop: { name: "post_cascade_response" },
    },
    handler: (command) => ({ command }),
    matchers: "ignored",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  commands: {
    paths: { user: userDir.join("global_workflows"), project: projectDir.join("workflows") },
    render: promptMarkdownRenderer({ host: "Windsurf", description: true }),
  },
  skills: {
    paths: { user: userDir.join("skills"), project: projectDir.join("skills") },
    render: skillRenderer("Windsurf"),
  },
  memory: {
    paths: { project: projectDir.join("rules", "agent-connector.md") },
    head: "---\ntrigger: always_on\n---\n",
  },
  doctorNotes: [
    {
      text:
        "Windsurf hooks answer only with exit codes: a deny blocks a pre_* event; context, rewrites and asks cannot reach Cascade.",
      about: "hooks",
    },
  ],
});
