/**
 * Cursor's own content shapes (HOSTS.md §4d). Commands are plain Markdown:
 * the file body is the prompt and nothing else, so every other command
 * field is reported as dropped. Subagents are Markdown with `name`,
 * `description`, `model` and `readonly` frontmatter (cursor.com/docs/context/subagents).
 *
 * @module
 */

import type { CommandDef, SubagentDef } from "../../core/connector_types.ts";
import type { RenderedFiles } from "../descriptor.ts";
import { droppedFields } from "../render/content_files.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";

/** `<name>.md` holding only the prompt. */
export function cursorCommand(def: CommandDef): RenderedFiles {
  return {
    files: [{ path: `${def.name}.md`, text: markdownWithFrontmatter({}, def.prompt) }],
    dropped: droppedFields("Cursor", "command", [
      ["description", def.description !== undefined],
      ["argumentHint", def.argumentHint !== undefined],
      ["tools", !!(def.tools?.allow?.length || def.tools?.deny?.length)],
      ["model", def.model !== undefined],
      ["subtask", def.subtask === true],
      ["extra", !!def.extra && Object.keys(def.extra).length > 0],
    ]),
  };
}

/** `<name>.md` with `name`, `description`, `model`, `readonly`. */
export function cursorSubagent(def: SubagentDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    model: def.model,
    readonly: def.readonly,
    ...def.extra,
  }, def.prompt);
  return {
    files: [{ path: `${def.name}.md`, text }],
    dropped: droppedFields("Cursor", "subagent", [
      ["tools", !!(def.tools?.allow?.length || def.tools?.deny?.length)],
    ]),
  };
}
