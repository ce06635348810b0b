/**
 * opencode's content files (opencode.ai/docs/commands, /docs/agents;
 * HOSTS.md §8d): Markdown with YAML frontmatter.
 *
 * - Commands `<name>.md`: `description`, `agent`, `model`, `subtask`; the
 *   body is the prompt (`$ARGUMENTS` placeholders pass through). There is
 *   no argument hint and no per-command tool list.
 * - Subagents `<name>.md`: `description`, `mode: subagent`, `model`, and
 *   `tools` as a map of tool name → enabled. `readonly` turns off opencode's
 *   writing tools (`write`, `edit`, `patch`, `bash`).
 *
 * @module
 */

import type { CommandDef, SubagentDef } from "../../core/connector_types.ts";
import type { RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";
import { droppedFields } from "../render/content_files.ts";

const WRITING_TOOLS = ["write", "edit", "patch", "bash"];

/** `<name>.md` for opencode's `commands/` folder. */
export function opencodeCommand(def: CommandDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    description: def.description,
    model: def.model,
    subtask: def.subtask ? true : undefined,
    ...def.extra,
  }, def.prompt);
  return {
    files: [{ path: `${def.name}.md`, text }],
    dropped: droppedFields("opencode", "command", [
      ["argumentHint", def.argumentHint !== undefined],
      ["tools", !!(def.tools?.allow?.length || def.tools?.deny?.length)],
    ]),
  };
}

/** `<name>.md` for opencode's `agents/` folder. */
export function opencodeSubagent(def: SubagentDef): RenderedFiles {
  const tools: Record<string, boolean> = {};
  for (const name of def.tools?.allow ?? []) tools[name] = true;
  for (const name of def.tools?.deny ?? []) tools[name] = false;
  if (def.readonly) { for (const name of WRITING_TOOLS) tools[name] = false; }
  const text = markdownWithFrontmatter({
    description: def.description,
    mode: "subagent",
    model: def.model,
    tools: Object.keys(tools).length ? tools : undefined,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped: [] };
}
