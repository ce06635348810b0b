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
 * - Hooks: `[[hooks]]` in the home's `hooks.toml` and a project's
 *   `.vibe/hooks.toml` (vibe/core/config/harness_files/_harness_manager.py),
 *   each `{name, type, match?, command, timeout?, strict?}`
 *   (vibe/core/hooks/models.py `HookConfig`); names are unique across the
 *   files, the project's loaded first. Events: `before_tool` (PreToolUse),
 *   `after_tool` (PostToolUse, only when the tool body ran), and
 *   `post_agent_turn` (Stop); `match` is a glob or a `re:` regex, full
 *   match, ignoring case (vibe/core/utils/matching.py). The reply contract
 *   is dialects/mistral_vibe.ts. In 2.18.4 Vibe loads hooks only with
 *   `enable_experimental_hooks = true` in config.toml (or
 *   `VIBE_ENABLE_EXPERIMENTAL_HOOKS=true`; vibe/core/hooks/config.py), which
 *   install leaves to the user: doctor warns while it is off.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { vibeHookChecks } from "./doctor.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { renamingEntryKey } from "../render/rename_key.ts";
import { standardSkill } from "../render/skill.ts";
import { vibeHome } from "./home.ts";

const projectDir = project(".vibe");

/**
 * A hook's `name`, which Vibe requires and keeps unique across its hook
 * files: ours, the connector's (read from the command line) and the event.
 */
function hookName(native: string, command: string): string {
  const connector = /--connector (\S+)/.exec(command)?.[1] ?? "connector";
  return `agent-connector-${connector}-${native}`;
}

/** The Mistral Vibe adapter. */
export const adapter: HostAdapter = defineHost({
  id: "mistral-vibe",
  name: "Mistral Vibe",
  paradigm: "json-stdio",
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
  hooks: {
    paths: { user: vibeHome.join("hooks.toml"), project: projectDir.join("hooks.toml") },
    format: "toml",
    at: ["hooks"],
    layout: "event-list",
    itemKeys: { event: "type", matcher: "match" },
    itemHead: (native, command) => ({ name: hookName(native, command) }),
    events: {
      PreToolUse: { name: "before_tool", matcher: true },
      PostToolUse: { name: "after_tool", matcher: true },
      Stop: { name: "post_agent_turn" },
    },
    handler: (command) => ({ command }),
    matchers: "re-prefixed",
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: false },
  },
  skills: {
    paths: { user: vibeHome.join("skills"), project: projectDir.join("skills") },
    render: standardSkill("Mistral Vibe"),
  },
  memory: { paths: { user: vibeHome.join("AGENTS.md"), project: project("AGENTS.md") } },
  doctorChecks: vibeHookChecks({
    user: vibeHome.join("config.toml"),
    project: projectDir.join("config.toml"),
  }),
  doctorNotes: [
    {
      text:
        "Mistral Vibe reads a project's .vibe/ (its MCP servers and skills) only in a folder the user trusts (~/.vibe/trusted_folders.toml).",
      scope: "project",
    },
  ],
});
