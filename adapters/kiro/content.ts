/**
 * Subagents as agent JSON files, the format the Kiro CLI and the Amazon Q
 * Developer CLI share (`<agents dir>/<name>.json`, the file name is the
 * agent's name; kiro.dev/docs/cli/custom-agents/configuration-reference,
 * aws/amazon-q-developer-cli `crates/chat-cli/src/cli/agent/mod.rs`):
 * `name`, `description`, `prompt`, `tools` (without a list the agent has
 * no tools, so `["*"]`), `model`. No deny list, no read-only switch.
 *
 * @module
 */

import type { SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import type { ActionRenderInput } from "../action_surface.ts";

/** A renderer of `<name>.json` agent files for `host`. */
export function agentJsonRenderer(host: string): (def: SubagentDef) => RenderedFiles {
  return (def) => {
    const dropped: Dropped[] = [];
    if (def.tools?.deny?.length) {
      dropped.push({
        field: "subagent.tools.deny",
        reason: `${host} agents take an allow list only`,
      });
    }
    if (def.readonly) {
      dropped.push({
        field: "subagent.readonly",
        reason: `${host} agents have no read-only switch (list read-only tools instead)`,
      });
    }
    const agent: Record<string, unknown> = {
      name: def.name,
      description: def.description,
      prompt: def.prompt,
      tools: def.tools?.allow?.length ? def.tools.allow : ["*"],
      ...(def.model ? { model: def.model } : {}),
      ...def.extra,
    };
    return {
      files: [{ path: `${def.name}.json`, text: `${JSON.stringify(agent, null, 2)}\n` }],
      dropped,
    };
  };
}

/**
 * An action as a Kiro user-triggered hook file (`.kiro/hooks/*.kiro.hook`:
 * `version`, `enabled`, `name`, `description`, `when.type: "userTriggered"`,
 * `then: {type: "runCommand", command}`), listed in the Agent Hooks panel
 * with a button that runs it (SOURCES.md).
 */
export function kiroActionHook(input: ActionRenderInput): Record<string, unknown> {
  return {
    version: "1.0.0",
    enabled: true,
    name: input.label,
    description: input.description ?? input.label,
    when: { type: "userTriggered" },
    then: { type: "runCommand", command: input.commandLine },
  };
}
