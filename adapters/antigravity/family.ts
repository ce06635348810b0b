/**
 * The Antigravity family preset (adapters/family.ts): what the IDE and agy
 * share, as a function of the user folder that holds the MCP and hook files.
 * Facts (SOURCES.md has each source):
 *
 * - MCP: `mcp_config.json`, strict JSON (a comment or trailing comma stops
 *   agy at startup), root `mcpServers`; stdio `{command, args, env}` with
 *   string values only, remote `{serverUrl, headers}` — `serverUrl` wins over
 *   `command` and is read for streamable HTTP and SSE endpoints alike; a
 *   server is switched off with `disabled: true`; `${VAR}` references in
 *   headers (skillsaw antigravity-mcp-valid, measured on agy 1.1.25; spec §6).
 *   Project file `.agents/mcp_config.json` (HOSTS.md §11).
 * - Hooks: `hooks.json` in the user folder or a project's `.agents/`. Each
 *   top-level key is a named hook holding an event map; we own the one named
 *   `agent-connector`. `PreToolUse`/`PostToolUse` take `{matcher, hooks}`
 *   groups (regex, `""`/`"*"` for every tool); `PreInvocation`,
 *   `PostInvocation`, `Stop` and `SessionStart` take bare handlers. Handlers
 *   are `{type: "command", command, timeout?}` (whole seconds); unknown keys
 *   are dropped, a malformed file drops every hook in it (skillsaw
 *   antigravity-hooks-valid). No SessionEnd, compaction, notification,
 *   permission or subagent event exists.
 * - Host-native usage: `PostInvocation` (spec §2.7/§5 names Antigravity's
 *   opt-in turn-usage hook beside Gemini's AfterModel).
 * - Workflows (commands): `.agent/workflows/<n>.md`, user
 *   `~/.gemini/antigravity/global_workflows/<n>.md`; skills
 *   `.agents/skills/<n>/SKILL.md`; no subagents (spec §2 content table).
 * - Memory: `AGENTS.md` in the project, `~/.gemini/AGENTS.md` for the user
 *   (spec §2.4).
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { type PathFn, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { antigravityDir, geminiTree, projectRoot } from "./home.ts";

/** What tells the IDE from the CLI. */
export interface AntigravityMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** The user folder holding `mcp_config.json` and `hooks.json`. */
  userDir: PathFn;
}

/** The named hook (a top-level key of `hooks.json`) that holds our entries. */
export const HOOK_NAME = "agent-connector";

/** The Antigravity family's descriptor for member `m`. */
export function antigravityFamily(m: AntigravityMember): HostDescriptor {
  return {
    id: m.id,
    name: m.name,
    paradigm: "json-stdio",
    factsFrom: "docs",
    detect: {
      user: [m.userDir],
      project: [
        projectRoot.join("mcp_config.json"),
        projectRoot.join("hooks.json"),
        project(".agent", "workflows"),
      ],
    },
    server: {
      paths: {
        user: m.userDir.join("mcp_config.json"),
        project: projectRoot.join("mcp_config.json"),
      },
      format: "json",
      collection: { at: ["mcpServers"] },
      transports: ["stdio", "http", "sse"],
      envRef: DOLLAR_BRACE_REF,
      render: jsonServerRenderer({ host: m.name, urlKey: "serverUrl" }),
    },
    hooks: {
      paths: { user: m.userDir.join("hooks.json"), project: projectRoot.join("hooks.json") },
      format: "json",
      at: [HOOK_NAME],
      layout: "nested-groups",
      flatEvents: ["PreInvocation", "PostInvocation", "Stop", "SessionStart"],
      events: {
        SessionStart: { name: "SessionStart" },
        UserPromptSubmit: {
          name: "PreInvocation",
          approx: "which fires before each model invocation of a turn",
        },
        PreToolUse: { name: "PreToolUse", matcher: true },
        PostToolUse: { name: "PostToolUse", matcher: true },
        Stop: { name: "Stop" },
      },
      handler: (command) => ({ type: "command", command }),
      matchers: "regex",
      nativeHooks: true,
      powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
      hostNativeUsage: { event: "PostInvocation" },
    },
    commands: {
      paths: {
        user: antigravityDir.join("global_workflows"),
        project: project(".agent", "workflows"),
      },
      render: promptMarkdownRenderer({ host: m.name, description: true }),
    },
    skills: {
      paths: { project: projectRoot.join("skills") },
      render: skillRenderer(m.name),
    },
    memory: { paths: { user: geminiTree.join("AGENTS.md"), project: project("AGENTS.md") } },
    doctorNotes: [
      {
        text:
          `${m.name} hooks answer only with exit codes here: a deny blocks PreToolUse; context, rewrites and asks do not reach the agent`,
        about: "hooks",
      },
    ],
  };
}
