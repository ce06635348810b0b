/**
 * pi's prompt templates (pi-mono packages/coding-agent
 * docs/prompt-templates.md; `src/core/prompt-templates.ts`): `<name>.md` in
 * `prompts/`, run as `/<name>`. Frontmatter `description` and
 * `argument-hint`; the body is the prompt, where `$ARGUMENTS`, `$@` and
 * `$1`… take the arguments. There is no model, tool list or subtask field,
 * so those are reported. oh-my-pi reads the same shape from `commands/`.
 *
 * @module
 */

import type { CommandDef } from "../../core/connector_types.ts";
import type { RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";
import { droppedFields } from "../render/content_files.ts";

/** A `<name>.md` prompt template renderer for `host`. */
export function piPromptRenderer(host: string): (def: CommandDef) => RenderedFiles {
  return (def) => {
    const text = markdownWithFrontmatter({
      description: def.description,
      "argument-hint": def.argumentHint,
      ...def.extra,
    }, def.prompt);
    return {
      files: [{ path: `${def.name}.md`, text }],
      dropped: droppedFields(host, "command", [
        ["model", def.model !== undefined],
        ["tools", !!(def.tools?.allow?.length || def.tools?.deny?.length)],
        ["subtask", def.subtask === true],
      ]),
    };
  };
}
