/**
 * Hermes Agent (Nous Research). Facts, each with its source in SOURCES.md
 * beside this file (NousResearch/hermes-agent is open source; its docs and
 * `hermes_constants.py` were read):
 *
 * - Detection: Hermes's home (home.ts) and a project's `.hermes.md` or
 *   `HERMES.md`.
 * - Everything lives in the profile's `config.yaml`, edited in place with
 *   the user's comments kept. MCP under `mcp_servers:` — stdio `{command,
 *   args, env}`, remote `{url, headers}` (HTTP). No project config.
 * - Shell hooks under `hooks:` — `hooks.<event>: [{matcher?, command,
 *   timeout?}]`, matchers regexes on the tool name (tool events only).
 *   Mapped events: on_session_start, on_session_finalize (session teardown),
 *   pre_llm_call (where Claude's UserPromptSubmit fires, per the docs),
 *   pre_tool_call, post_tool_call, post_llm_call (the turn's final answer),
 *   subagent_start, subagent_stop. Any other Hermes event can be wired by
 *   its own name (`nativeHooks`). Each new (event, command) pair asks the
 *   user once before it runs (hooks_auto_accept / HERMES_ACCEPT_HOOKS skip
 *   that). Replies: dialect.ts.
 * - Skills: `<home>/skills/<n>/SKILL.md`.
 * - Actions: `quick_commands.<name>: {type: exec, command}` in `config.yaml`;
 *   the user runs one by typing `/<name>` in the CLI or a messaging chat.
 *   Ours are named `<connector>-<action>`.
 * - Memory: a project's context file — `.hermes.md` or `HERMES.md` when one
 *   exists (the first context category wins), else AGENTS.md (spec §2.4).
 *   No user memory file is documented, so user scope is reported.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { pathFn, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { hermesDir } from "./home.ts";

const config = hermesDir.join("config.yaml");

/** `.hermes.md` or `HERMES.md` when the project has one, else AGENTS.md. */
const projectMemory = pathFn((ctx) => {
  for (const name of [".hermes.md", "HERMES.md"]) {
    const path = project(name)(ctx);
    if (ctx.probe?.exists(path)) return path;
  }
  return project("AGENTS.md")(ctx);
});

/** The Hermes Agent adapter. */
export const adapter: HostAdapter = defineHost({
  id: "hermes",
  name: "Hermes Agent",
  paradigm: "json-stdio",
  detect: { user: [hermesDir], project: [project(".hermes.md"), project("HERMES.md")] },
  server: {
    paths: { user: config },
    format: "yaml",
    collection: { at: ["mcp_servers"] },
    transports: ["stdio", "http"],
    render: jsonServerRenderer({ host: "Hermes" }),
  },
  hooks: {
    paths: { user: config },
    format: "yaml",
    at: ["hooks"],
    layout: "flat-entries",
    events: {
      SessionStart: { name: "on_session_start" },
      SessionEnd: { name: "on_session_finalize" },
      UserPromptSubmit: {
        name: "pre_llm_call",
        approx: "fires before each model call of a turn, where Claude's UserPromptSubmit fires",
      },
      PreToolUse: { name: "pre_tool_call", matcher: true },
      PostToolUse: { name: "post_tool_call", matcher: true },
      Stop: {
        name: "post_llm_call",
        approx: "fires after the turn's final answer; it cannot keep the agent going",
      },
      SubagentStart: { name: "subagent_start" },
      SubagentStop: { name: "subagent_stop" },
    },
    handler: (command) => ({ command }),
    matchers: "regex",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
  },
  skills: { paths: { user: hermesDir.join("skills") }, render: skillRenderer("Hermes") },
  actions: {
    // website/docs/reference/slash-commands.md "Quick Commands".
    paths: { user: config },
    format: "yaml",
    at: ["quick_commands"],
    keyed: (connectorId, actionId) => `${connectorId}-${actionId}`,
    invocation: "exec",
    affordance: "slash-command",
    render: ({ commandLine }) => ({ type: "exec", command: commandLine }),
  },
  memory: { paths: { project: projectMemory } },
  doctorNotes: [
    {
      text:
        "Hermes asks once before running each new shell hook; runs without a terminal (gateway, cron, CI) need hooks_auto_accept: true or HERMES_ACCEPT_HOOKS=1.",
      about: "hooks",
    },
  ],
});
