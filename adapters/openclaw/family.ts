/**
 * What OpenClaw and NemoClaw (NVIDIA's wrapper, which runs OpenClaw and
 * keeps its config in the same `~/.openclaw/openclaw.json`) share, as a
 * function of what differs: the id, the name and the detection markers.
 * Facts in ./mod.ts and ./SOURCES.md.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor } from "../descriptor.ts";
import type { PathFn } from "../paths.ts";
import type { EnvRefSyntax } from "../env_ref.ts";
import { skillRenderer } from "../render/content_files.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { openclawConfig, openclawState, openclawWorkspace } from "./home.ts";
import {
  openclawCompanions,
  openclawModuleName,
  openclawRegistration,
  renderOpenclawPlugin,
} from "./plugin.ts";

/** What tells one member of the OpenClaw family from another. */
export interface OpenclawMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** Install markers. */
  detect: PathFn[];
}

/**
 * OpenClaw's `${VAR}`: it substitutes only upper-case names
 * (`[A-Z_][A-Z0-9_]*`) and has no defaults (docs/gateway/configuration/
 * environment-variables.md); any other reference is resolved by serve.
 */
export const OPENCLAW_ENV_REF: EnvRefSyntax = (name, fallback) =>
  fallback === undefined && /^[A-Z_][A-Z0-9_]*$/.test(name) ? `\${${name}}` : undefined;

const render = jsonServerRenderer({
  host: "OpenClaw",
  remoteType: { http: "streamable-http", sse: "sse" },
  support: { cwd: true, disabled: true },
  disabledField: "enabled",
});

/** The OpenClaw family's descriptor for member `m`. */
export function openclawFamily(m: OpenclawMember): HostDescriptor {
  return {
    id: m.id,
    name: m.name,
    paradigm: "ts-plugin",
    factsFrom: "source",
    detect: { user: m.detect },
    server: {
      paths: { user: openclawConfig },
      format: "jsonc",
      collection: { at: ["mcp", "servers"] },
      transports: ["stdio", "http", "sse"],
      envRef: OPENCLAW_ENV_REF,
      render: (input) => {
        const out = render(input);
        if (!("type" in out.entry)) return out;
        // OpenClaw names a remote transport in `transport`, not `type`.
        const { type, ...rest } = out.entry;
        return { ...out, entry: { ...rest, transport: type } };
      },
    },
    hooks: {
      layout: "plugin-module",
      paths: { user: openclawState.join("agent-connector") },
      events: {
        SessionStart: {
          name: "session_start",
          approx: "its context reaches the model at the session's first prompt build",
        },
        SessionEnd: { name: "session_end", approx: "observed only" },
        UserPromptSubmit: { name: "before_prompt_build" },
        PreToolUse: { name: "before_tool_call", matcher: true },
        PostToolUse: {
          name: "after_tool_call",
          matcher: true,
          approx: "observed only: OpenClaw ignores what after_tool_call returns",
        },
        PostToolUseFailure: {
          name: "after_tool_call",
          matcher: true,
          approx: "observed only: after_tool_call with an error",
        },
        PreCompact: { name: "before_compaction", approx: "observed only" },
        PostCompact: { name: "after_compaction", approx: "observed only" },
        Stop: { name: "agent_end", approx: "observed only: the run has ended" },
        SubagentStart: { name: "subagent_spawned", approx: "observed only" },
        SubagentStop: { name: "subagent_ended", approx: "observed only" },
      },
      matchers: "claude",
      nativeHooks: true,
      powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
      module: (input) => ({
        name: openclawModuleName(input.connectorId),
        // NemoClaw runs OpenClaw: one plugin, the same bytes for both ids, speaking OpenClaw's dialect.
        text: renderOpenclawPlugin(input, undefined, m.id),
      }),
      companions: openclawCompanions,
      // Each action is a chat slash command (`api.registerCommand`) the plugin registers.
      actionCommands: { invocation: "plugin-command", affordance: "slash-command" },
      registration: {
        paths: { user: openclawConfig },
        format: "jsonc",
        entries: openclawRegistration,
      },
    },
    skills: {
      paths: { user: openclawState.join("skills") },
      render: skillRenderer(m.name),
    },
    memory: {
      // The agent workspace, not a repository, is where OpenClaw reads AGENTS.md (spec §2.4
      // maps both scopes there); a project install writes nothing outside the project, so
      // only the user scope has it.
      paths: { user: openclawWorkspace.join("AGENTS.md") },
    },
    doctorNotes: [
      {
        text:
          `${m.name} finds the plugin through plugins.load.paths and gives its prompt hooks conversation access through plugins.entries; restart the Gateway (or run \`openclaw plugins reload\`) after an install.`,
        about: "hooks",
      },
    ],
  };
}
