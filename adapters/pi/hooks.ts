/**
 * The hook surface pi and oh-my-pi share: one generated extension per
 * connector (./extension.ts) in the agent folder's `extensions/` or the
 * project's `<dot folder>/extensions/`, both auto-discovered at startup
 * (pi-mono packages/coding-agent `src/core/extensions/loader.ts`
 * `discoverAndLoadExtensions`; oh-my-pi discovery `builtin.ts`). Event
 * names from pi's docs/extensions.md and `ExtensionRunner`: there is no
 * notification, permission, tool-failure or subagent event, so those are
 * reported. `nativeHooks` names any event of that list verbatim
 * (`turn_end`, `context`, `before_provider_request`, …): `pi.on(<name>)`,
 * whose handler's return value is the event's result.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { PluginHookSurface } from "../descriptor.ts";
import { type PathFn, project } from "../paths.ts";
import { binExec } from "../render/command_line.ts";
import { piExtensionFileName, renderPiExtension } from "./extension.ts";

/** The extension hook surface of `host`, its agent folder `dir` and project folder `folder`. */
export function piExtensionHooks(
  host: HostId,
  dir: PathFn,
  folder: string,
  opts: {
    bridgesServer?: boolean;
    /** Events whose native spec differs on this host (an approximation it has). */
    events?: PluginHookSurface["events"];
  } = {},
): PluginHookSurface {
  return {
    layout: "plugin-module",
    paths: { user: dir.join("extensions"), project: project(folder, "extensions") },
    events: {
      SessionStart: { name: "session_start" },
      SessionEnd: {
        name: "session_shutdown",
        approx: "best effort: the host may exit before the hook finishes",
      },
      UserPromptSubmit: { name: "input" },
      PreToolUse: { name: "tool_call", matcher: true },
      PostToolUse: { name: "tool_result", matcher: true },
      PreCompact: { name: "session_before_compact" },
      PostCompact: { name: "session_compact" },
      Stop: { name: "agent_end", approx: "observed only: the agent run has ended" },
      ...opts.events,
    },
    matchers: "claude",
    nativeHooks: true,
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    bridgesServer: opts.bridgesServer,
    actionCommands: { invocation: "plugin-command", affordance: "slash-command" },
    module: (input) => ({
      name: piExtensionFileName(input.connectorId),
      text: renderPiExtension({
        host,
        connectorId: input.connectorId,
        exec: binExec(input.homeBin, input.os, []),
        events: input.events.map((e) => ({ ...e })),
        ...(input.natives ? { natives: input.natives } : {}),
        ...(input.serverFile ? { serverFile: input.serverFile } : {}),
        ...(input.actions
          ? { actions: input.actions.map((a) => ({ id: a.id, description: a.label })) }
          : {}),
      }),
    }),
  };
}
