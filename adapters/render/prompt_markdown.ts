/**
 * Slash commands kept as plain Markdown prompts — Windsurf and Cline
 * workflows, Continue prompt files: `<name>.md` whose body is the prompt,
 * with at most a little frontmatter. A host states which fields it reads;
 * every other declared command field is reported as dropped.
 *
 * @module
 */

import type { CommandDef } from "../../core/connector_types.ts";
import type { RenderedFiles } from "../descriptor.ts";
import { droppedFields } from "./content_files.ts";
import { markdownWithFrontmatter } from "./markdown.ts";

/** What a host's Markdown prompt file holds besides the body. */
export interface PromptMarkdownShape {
  /** The host's name, for drop reasons. */
  host: string;
  /** The file has a `description` field. */
  description?: boolean;
  /** The file has an `argument-hint` field (Droid). */
  argumentHint?: boolean;
  /**
   * The host has no argument placeholder and appends what follows the command
   * to the prompt (Cline), so a `$ARGUMENTS` in the prompt is reported.
   */
  appendsArguments?: boolean;
  /** Fields written first (Continue: `name`, `invokable: true`). */
  head?(def: CommandDef): Record<string, unknown>;
}

/** Builds the command renderer for one host. */
export function promptMarkdownRenderer(
  shape: PromptMarkdownShape,
): (def: CommandDef) => RenderedFiles {
  return (def) => {
    const text = markdownWithFrontmatter({
      ...shape.head?.(def),
      description: shape.description ? def.description : undefined,
      "argument-hint": shape.argumentHint ? def.argumentHint : undefined,
      ...def.extra,
    }, def.prompt);
    return {
      files: [{ path: `${def.name}.md`, text }],
      dropped: droppedFields(shape.host, "command", [
        ["description", !shape.description && def.description !== undefined],
        ["argumentHint", !shape.argumentHint && def.argumentHint !== undefined],
        ["tools", !!(def.tools?.allow?.length || def.tools?.deny?.length)],
        ["model", def.model !== undefined],
        ["subtask", def.subtask === true],
      ]).concat(
        shape.appendsArguments && def.prompt.includes("$ARGUMENTS")
          ? [{
            field: "command.prompt",
            reason: `${shape.host} has no argument placeholder: it appends what follows ` +
              "the command to the prompt, so $ARGUMENTS stays as written",
          }]
          : [],
      ),
    };
  };
}
