/**
 * OpenClaw (openclaw/openclaw, npm `openclaw`, bin `openclaw`), a personal
 * agent Gateway. Facts from the docs and dist shipped in the npm package
 * (2026.9.6), cited per fact in SOURCES.md:
 *
 * - Detection: the state folder `$OPENCLAW_STATE_DIR`, else `~/.openclaw`.
 * - MCP: `mcp.servers.<id>` in `$OPENCLAW_CONFIG_PATH`, else
 *   `<state>/openclaw.json` (JSON5; we edit it as JSONC, so a file with
 *   unquoted keys is reported, never rewritten). stdio `{command, args, env,
 *   cwd}`, remote `{url, transport: "streamable-http" | "sse", headers}`,
 *   `enabled: false` to keep a server off. Upper-case `${VAR}` references
 *   are substituted in every config string. There is no project config.
 * - Hooks: ts-plugin. A generated plugin folder under
 *   `<state>/agent-connector/` (plugin.ts), registered twice besides
 *   `mcp.servers.<id>`: its folder in `plugins.load.paths` (without it
 *   OpenClaw never finds the plugin) and `plugins.entries.<id>` enabling it
 *   with the conversation access its prompt hooks need (without it those
 *   hooks are refused; it is also what `openclaw plugins disable` flips). Native hooks (`api.on`): `session_start`,
 *   `session_end`, `before_prompt_build` + `before_agent_run` (prompt),
 *   `before_tool_call`, `after_tool_call`, `before_compaction`,
 *   `after_compaction`, `agent_end`, `subagent_spawned`, `subagent_ended`.
 *   No notification or permission-request hook. `nativeHooks` names any
 *   hook of the catalog (docs/plugins/hooks/reference.md "Hook catalog",
 *   e.g. `llm_output`, `message_received`) verbatim: the plugin subscribes
 *   with `api.on(<name>)` and returns the handler's reply as the hook's result.
 * - Skills: `<state>/skills/<name>/SKILL.md` (managed skills, every agent).
 * - Memory: the agent workspace's AGENTS.md (spec §2.4 maps both scopes
 *   there; a project install writes nothing outside the project, so only
 *   the user scope does).
 * - Actions (native trigger, spec §2.6): the generated plugin registers each
 *   action as a chat slash command, `/<connector>-<action>`, with
 *   `api.registerCommand`; it runs the dispatch verb and replies with its
 *   message, or its error.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { openclawFamily } from "./family.ts";
import { openclawState } from "./home.ts";

/** The OpenClaw adapter. */
export const adapter: HostAdapter = defineHost(
  openclawFamily({ id: "openclaw", name: "OpenClaw", detect: [openclawState] }),
);
