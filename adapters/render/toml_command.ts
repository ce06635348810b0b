/**
 * Slash commands as TOML files, the Gemini CLI format also read by Qwen Code
 * (google-gemini/gemini-cli docs/cli/custom-commands.md): `description` and
 * `prompt`, where `{{args}}` stands for the user's arguments. A connector
 * writes arguments the Claude way (`$ARGUMENTS`), so the placeholder is
 * translated; without one the host appends the arguments itself.
 *
 * @module
 */

import type { CommandDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { tomlDocument } from "./toml_file.ts";

/** A renderer writing `<name>.toml` for `host`. */
export function tomlPromptCommand(host: string): (def: CommandDef) => RenderedFiles {
  return (def) => {
    const dropped: Dropped[] = [];
    const no = (field: string, what: string) =>
      dropped.push({ field: `command.${field}`, reason: `${host} commands take no ${what}` });
    if (def.argumentHint !== undefined) no("argumentHint", "argument hint");
    if (def.tools?.allow?.length || def.tools?.deny?.length) no("tools", "tool lists");
    if (def.model !== undefined) no("model", "model");
    if (def.subtask) no("subtask", "subtask mode");
    const text = tomlDocument({
      description: def.description,
      prompt: def.prompt.replaceAll("$ARGUMENTS", "{{args}}"),
      ...def.extra,
    });
    return { files: [{ path: `${def.name}.toml`, text }], dropped };
  };
}
