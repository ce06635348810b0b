/**
 * Family renderers for content files that follow shared standards: Agent
 * Skills (`<name>/SKILL.md` plus resources; agentskills.io, read by Claude
 * Code, Cursor, VS Code, Copilot CLI, …) and GitHub Copilot's Markdown
 * files (`<name>.prompt.md` prompt files and `<name>.agent.md` custom
 * agents, read by VS Code, Copilot CLI and JetBrains). A host picks one and
 * says which optional fields it has; a declared field it lacks comes back
 * as a `Dropped` entry naming the host.
 *
 * @module
 */

import type { CommandDef, SkillDef, SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "./markdown.ts";

/** One `Dropped` per declared-but-unsupported field: `[field, declared]` pairs. */
export function droppedFields(
  host: string,
  surface: string,
  checks: Array<[field: string, declared: boolean]>,
): Dropped[] {
  return checks.filter(([, declared]) => declared).map(([field]) => ({
    field: `${surface}.${field}`,
    reason: `${host} ${surface}s have no ${field} field`,
  }));
}

/** Optional SKILL.md fields a host reads. */
export interface SkillSupport {
  /** `allowed-tools` (space-separated in the standard; comma-joined here like Claude). */
  allowedTools?: boolean;
  /** `model`. */
  model?: boolean;
}

/** `<name>/SKILL.md` (name, description, optional fields) plus each resource beside it. */
export function skillRenderer(
  host: string,
  support: SkillSupport = {},
): (def: SkillDef) => RenderedFiles {
  return (def) => {
    const allow = def.tools?.allow?.length ? def.tools.allow.join(", ") : undefined;
    const text = markdownWithFrontmatter({
      name: def.name,
      description: def.description,
      "allowed-tools": support.allowedTools ? allow : undefined,
      model: support.model ? def.model : undefined,
      "disable-model-invocation": def.disableModelInvocation,
      ...def.extra,
    }, def.body);
    const files = [{ path: `${def.name}/SKILL.md`, text }];
    for (const [rel, contents] of Object.entries(def.resources ?? {})) {
      files.push({ path: `${def.name}/${rel.replaceAll("\\", "/")}`, text: contents });
    }
    return {
      files,
      dropped: droppedFields(host, "skill", [
        ["tools.allow", !support.allowedTools && allow !== undefined],
        ["tools.deny", !!def.tools?.deny?.length],
        ["model", !support.model && def.model !== undefined],
      ]),
    };
  };
}

/**
 * A GitHub Copilot prompt file `<name>.prompt.md`: `description`,
 * `argument-hint`, `model` and a `tools` list (VS Code prompt-files.md).
 * There is no deny list and no forked context.
 */
export function promptFileRenderer(host: string): (def: CommandDef) => RenderedFiles {
  return (def) => {
    const text = markdownWithFrontmatter({
      description: def.description,
      "argument-hint": def.argumentHint,
      model: def.model,
      tools: def.tools?.allow?.length ? def.tools.allow : undefined,
      ...def.extra,
    }, def.prompt);
    return {
      files: [{ path: `${def.name}.prompt.md`, text }],
      dropped: droppedFields(host, "command", [
        ["tools.deny", !!def.tools?.deny?.length],
        ["subtask", def.subtask === true],
      ]),
    };
  };
}

/**
 * A GitHub Copilot custom agent `<name>.agent.md`: `name`, `description`,
 * a `tools` list and `model` (VS Code custom-agents.md; github/docs
 * custom-agents-configuration.md). There is no deny list and no read-only
 * switch.
 */
export function agentFileRenderer(host: string): (def: SubagentDef) => RenderedFiles {
  return (def) => {
    const text = markdownWithFrontmatter({
      name: def.name,
      description: def.description,
      tools: def.tools?.allow?.length ? def.tools.allow : undefined,
      model: def.model,
      ...def.extra,
    }, def.prompt);
    return {
      files: [{ path: `${def.name}.agent.md`, text }],
      dropped: droppedFields(host, "subagent", [
        ["tools.deny", !!def.tools?.deny?.length],
        ["readonly", def.readonly === true],
      ]),
    };
  };
}
