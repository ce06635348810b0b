/**
 * Codex's content files (HOSTS.md §3d):
 * - custom prompts `$CODEX_HOME/prompts/<name>.md`, Markdown with
 *   `description` and `argument-hint` frontmatter, user scope only; the body
 *   takes `$ARGUMENTS` and `$1`…`$9` natively (developers.openai.com/codex/
 *   custom-prompts);
 * - custom agents `<name>.toml` with `name`, `description`,
 *   `developer_instructions` and optional `model` / `sandbox_mode`
 *   (developers.openai.com/codex/subagents); `readonly` becomes
 *   `sandbox_mode = "read-only"`.
 *
 * @module
 */

import type { CommandDef, SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";
import { tomlDocument } from "../render/toml_file.ts";

/** `<dir>/<name>.md` for a Codex custom prompt. */
export function codexPrompt(def: CommandDef): RenderedFiles {
  const dropped: Dropped[] = [];
  const no = (field: string, what: string) =>
    dropped.push({ field: `command.${field}`, reason: `Codex prompts take no ${what}` });
  if (def.tools?.allow?.length || def.tools?.deny?.length) no("tools", "tool lists");
  if (def.model !== undefined) no("model", "model");
  if (def.subtask) no("subtask", "subtask mode");
  const text = markdownWithFrontmatter({
    description: def.description,
    "argument-hint": def.argumentHint,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped };
}

/** `<dir>/<name>.toml` for a Codex custom agent. */
export function codexAgent(def: SubagentDef): RenderedFiles {
  const dropped: Dropped[] = [];
  if (def.tools?.allow?.length || def.tools?.deny?.length) {
    dropped.push({
      field: "subagent.tools",
      reason: "Codex agents take no tool lists (use readonly for a read-only sandbox)",
    });
  }
  const text = tomlDocument({
    name: def.name,
    description: def.description,
    developer_instructions: def.prompt,
    model: def.model,
    sandbox_mode: def.readonly ? "read-only" : undefined,
    ...def.extra,
  });
  return { files: [{ path: `${def.name}.toml`, text }], dropped };
}
