/**
 * Claude Code's content files (HOSTS.md §2d): commands, skills and subagents
 * as Markdown with YAML frontmatter.
 *
 * @module
 */

import type { CommandDef, SkillDef, SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";

function list(values: string[] | undefined): string | undefined {
  return values?.length ? values.join(", ") : undefined;
}

function denyDropped(surface: string, tools: { deny?: string[] } | undefined): Dropped[] {
  return tools?.deny?.length
    ? [{ field: `${surface}.tools.deny`, reason: `Claude Code ${surface}s take no deny list` }]
    : [];
}

/**
 * `<dir>/<name>.md`: `description`, `argument-hint`, `allowed-tools`,
 * `model`, and `context: fork` for a subtask (commands share the skills'
 * frontmatter since commands and skills were unified).
 */
export function claudeCommand(def: CommandDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    description: def.description,
    "argument-hint": def.argumentHint,
    "allowed-tools": list(def.tools?.allow),
    model: def.model,
    context: def.subtask ? "fork" : undefined,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped: denyDropped("command", def.tools) };
}

/** `<dir>/<name>/SKILL.md` plus each resource beside it. */
export function claudeSkill(def: SkillDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    "allowed-tools": list(def.tools?.allow),
    model: def.model,
    "disable-model-invocation": def.disableModelInvocation,
    ...def.extra,
  }, def.body);
  const files = [{ path: `${def.name}/SKILL.md`, text }];
  for (const [rel, contents] of Object.entries(def.resources ?? {})) {
    files.push({ path: `${def.name}/${rel.replaceAll("\\", "/")}`, text: contents });
  }
  return { files, dropped: denyDropped("skill", def.tools) };
}

/**
 * `<dir>/<name>.md`: `name`, `description`, `tools`, `disallowedTools`,
 * `model`; `readonly` becomes `permissionMode: plan`, Claude Code's
 * read-only mode (HOSTS.md §2d, sub-agents.md).
 */
export function claudeSubagent(def: SubagentDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    tools: list(def.tools?.allow),
    disallowedTools: list(def.tools?.deny),
    model: def.model,
    permissionMode: def.readonly ? "plan" : undefined,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped: [] };
}
