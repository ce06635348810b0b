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
import { home, project } from "../paths.ts";
import { codexHome } from "./home.ts";
import { standardSkill } from "../render/skill.ts";
import { codexAgent, codexPrompt } from "./content.ts";
import { codexHookChecks } from "./doctor.ts";
import { placeCodexMemory } from "./memory.ts";
import { codexServerEntry } from "./server.ts";

/** The Codex adapter. */
export const adapter: HostAdapter = defineHost({
  id: "codex",
  name: "Codex",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: {
    // The files Codex itself creates; an empty ~/.codex folder is not an install.
    user: [
      codexHome.join("config.toml"),
      codexHome.join("auth.json"),
      codexHome.join("sessions"),
    ],
    project: [project(".codex")],
  },
  server: {
    paths: { user: codexHome.join("config.toml"), project: project(".codex", "config.toml") },
    format: "toml",
    collection: { at: ["mcp_servers"] },
    transports: ["stdio", "http"],
    envByName: true,
    render: codexServerEntry,
  },
  hooks: {
    paths: { user: codexHome.join("hooks.json"), project: project(".codex", "hooks.json") },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: {
      SessionStart: { name: "SessionStart" },
      SessionEnd: { name: "SessionEnd" },
      UserPromptSubmit: { name: "UserPromptSubmit" },
      PreToolUse: { name: "PreToolUse", matcher: true },
      PostToolUse: { name: "PostToolUse", matcher: true },
      PreCompact: { name: "PreCompact" },
      Stop: { name: "Stop" },
      PermissionRequest: { name: "PermissionRequest", matcher: true },
      SubagentStart: { name: "SubagentStart" },
      SubagentStop: { name: "SubagentStop" },
      PostCompact: { name: "PostCompact" },
    },
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  commands: { paths: { user: codexHome.join("prompts") }, render: codexPrompt },
  skills: {
    paths: { user: home(".agents", "skills"), project: project(".agents", "skills") },
    render: standardSkill("Codex"),
  },
  subagents: {
    paths: { user: codexHome.join("agents"), project: project(".codex", "agents") },
    render: codexAgent,
  },
  memory: {
    paths: { user: codexHome.join("AGENTS.md"), project: project("AGENTS.md") },
    place: placeCodexMemory,
    // Spec §2.4: a ~28 KiB per-file budget under project_doc_max_bytes (32 KiB).
    budget: {
      bytes: 28 * 1024,
      why: "Codex stops reading project docs at 32 KiB (project_doc_max_bytes)",
    },
  },
  doctorNotes: [
    {
      text:
        "Codex runs a new or changed hook only after you trust it: open Codex and approve the agent-connector hooks in /hooks after each install or upgrade that changes them",
      about: "hooks",
    },
    {
      text: "Codex loads a project's .codex/ hooks and MCP servers only in a project you trust",
      about: ["hooks", "server"],
      scope: "project",
    },
  ],
  doctorChecks: codexHookChecks({
    user: codexHome.join("config.toml"),
    project: project(".codex", "config.toml"),
  }),
});
