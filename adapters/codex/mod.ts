/**
 * Codex (OpenAI Codex CLI). Facts from HOSTS.md §3 and OpenAI's docs:
 * developers.openai.com/codex/{mcp,hooks,skills,subagents,custom-prompts,
 * guides/agents-md}.
 *
 * - `CODEX_HOME` moves `~/.codex` (config.toml, hooks.json, prompts/,
 *   agents/, AGENTS.md).
 * - MCP: `[mcp_servers.<id>]` tables in config.toml; remote servers are
 *   streamable HTTP `url` entries (verified: developers.openai.com/codex/mcp,
 *   "Streamable HTTP servers … `url`, optionally with a bearer token"; HOSTS.md
 *   marked this *(verify)*). No interpolation: env travels by name.
 * - Hooks: `hooks.json` beside each config layer, Claude's nested groups;
 *   matchers only on PreToolUse, PermissionRequest, PostToolUse and
 *   SessionStart (ignored elsewhere, so the hook entrypoint filters). No
 *   Notification or PostToolUseFailure event. The handler's timeout key is
 *   `timeout`, in seconds (developers.openai.com/codex/config-advanced inline
 *   `[hooks]` example; HOSTS.md *(verify)*) — we write none and keep Codex's
 *   default.
 * - Skills: `.agents/skills` in the repo and `$HOME/.agents/skills` for the
 *   user (developers.openai.com/codex/skills, "Where to save skills"; HOSTS.md
 *   *(verify)* between this and `$CODEX_HOME/skills`: the docs name only
 *   `.agents/skills`).
 * - Custom prompts: user scope only.
 * - Memory: AGENTS.md, shadowed per directory by a non-empty
 *   AGENTS.override.md; `project_doc_max_bytes` caps the combined project
 *   docs at 32 KiB.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { codexFamily } from "./family.ts";
import { codexHome } from "./home.ts";

/** The Codex adapter. */
export const adapter: HostAdapter = defineHost(
  codexFamily({ id: "codex", name: "Codex", home: codexHome, folder: ".codex" }),
);
