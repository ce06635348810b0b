/**
 * Mistral Vibe (mcp-only here). Facts from mistralai/mistral-vibe 2.18.4
 * (SOURCES.md):
 *
 * - Home: `$VIBE_HOME` (`~` expanded), else `~/.vibe`
 *   (vibe/core/paths/_vibe_home.py). Detection: the home and a project's
 *   `.vibe/`.
 * - MCP: `[[mcp_servers]]`, an array of tables keyed by `name`, in the
 *   home's `config.toml` (user) and a project's `.vibe/config.toml`; the
 *   layers merge by `name` (vibe/core/config/vibe_schema.py
 *   `WithUnionMerge(merge_key="name")`), and a project's `.vibe/` loads only
 *   in a trusted folder (README). Entries (vibe/core/config/models.py):
 *   stdio `{name, transport = "stdio", command, args, env, cwd}`, remote
 *   `{name, transport = "streamable-http", url, headers}`; there is no SSE
 *   transport. `tool_timeout_sec` (seconds) and `disabled` exist. Vibe
 *   expands no env references, so `serve` resolves every `${env:…}`.
 * - Skills: `<n>/SKILL.md` under the home's `skills/` or `.vibe/skills/`
 *   (vibe/core/config/harness_files/_paths.py; README "Skill Discovery").
 * - Memory: `AGENTS.md` in the home (every project) or the project.
 * - Hooks: `hooks.toml` exists in 2.18.4 but only behind
 *   `enable_experimental_hooks`, with its own event names and reply shape
 *   (`before_tool`, `after_tool`, `post_agent_turn`); not written yet, so
 *   declared hooks are reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { renamingEntryKey } from "../render/rename_key.ts";
import { standardSkill } from "../render/skill.ts";
import { vibeHome } from "./home.ts";

const projectDir = project(".vibe");

/** The Mistral Vibe adapter. */
export const adapter: HostAdapter = defineHost({
  id: "mistral-vibe",
  name: "Mistral Vibe",
  paradigm: "mcp-only",
  factsFrom: "source",
  detect: { user: [vibeHome], project: [projectDir] },
  server: {
    paths: { user: vibeHome.join("config.toml"), project: projectDir.join("config.toml") },
    format: "toml",
    collection: { at: ["mcp_servers"], keyField: "name" },
    transports: ["stdio", "http"],
    render: renamingEntryKey(
      jsonServerRenderer({
        host: "Mistral Vibe",
        stdioType: "stdio",
        remoteType: { http: "streamable-http" },
        timeoutKey: "tool_timeout_sec",
        timeoutUnit: "s",
        support: { cwd: true, timeout: true, disabled: true },
      }),
      "type",
      "transport",
    ),
  },
  skills: {
    paths: { user: vibeHome.join("skills"), project: projectDir.join("skills") },
    render: standardSkill("Mistral Vibe"),
  },
  memory: { paths: { user: vibeHome.join("AGENTS.md"), project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "Mistral Vibe reads a project's .vibe/ (its MCP servers and skills) only in a folder the user trusts (~/.vibe/trusted_folders.toml).",
      scope: "project",
    },
  ],
});
