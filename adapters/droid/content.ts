/**
 * Droid's content files (Factory docs, cli/configuration/custom-slash-commands,
 * custom-droids, skills; folder names from Droid 0.225.2's loader:
 * `commands`, `droids`, `skills`):
 *
 * - commands: `<name>.md`, frontmatter `description` and `argument-hint`,
 *   the body with `$ARGUMENTS`; no tool or model fields;
 * - droids (subagents): `<name>.md`, frontmatter `name`, `description`,
 *   `model` (`inherit` by default) and `tools` — a list of tool ids or a
 *   category such as `read-only`;
 * - skills: the open standard's `<name>/SKILL.md` (adapters/render/skill.ts).
 *
 * @module
 */

import type { CommandDef, SubagentDef } from "../../core/connector_types.ts";
import type { ActionRenderInput } from "../action_surface.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { quotePosix } from "../render/command_line.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";

/** `<dir>/<name>.md` for a Droid slash command: `description`, `argument-hint`, the prompt. */
export const droidCommand: (def: CommandDef) => RenderedFiles = promptMarkdownRenderer({
  host: "Droid",
  description: true,
  argumentHint: true,
});

/** `<dir>/<name>.md` for a custom droid; `readonly` is the `read-only` tool category. */
export function droidSubagent(def: SubagentDef): RenderedFiles {
  const dropped: Dropped[] = [];
  if (def.tools?.deny?.length) {
    dropped.push({ field: "subagent.tools.deny", reason: "Droid droids take an allow list only" });
  }
  const allow = def.tools?.allow?.length ? def.tools.allow : undefined;
  if (def.readonly && allow) {
    dropped.push({
      field: "subagent.readonly",
      reason: "Droid's read-only category replaces a tool list; the allow list was written",
    });
  }
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    model: def.model ?? "inherit",
    tools: allow ?? (def.readonly ? "read-only" : undefined),
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped };
}

/**
 * An action as a script slash command, `<connector>-<action>.sh`. Droid
 * 0.225.2 registers a command file that ends in `.md` or whose first line
 * is a shebang, names it by the file name without its extension, runs a
 * shebang file as `<interpreter> <file> <args…>` in the project folder, and
 * hands the script and its output to the model; the first line after the
 * shebang is the description it shows.
 */
export function droidActionScript(input: ActionRenderInput): string {
  const line = [input.command, ...input.args].map(quotePosix).join(" ");
  const about = (input.description ?? input.label).replace(/\s+/g, " ");
  return `#!/bin/sh\n# ${about}\nexec ${line} "$@"\n`;
}
