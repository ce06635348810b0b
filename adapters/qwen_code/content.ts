/**
 * Qwen Code subagents (qwenlm.github.io/qwen-code-docs users/features/
 * sub-agents): Markdown with `name`, `description`, an optional `tools` list
 * and `modelConfig.model`; the body is the system prompt. No deny list and
 * no read-only switch.
 *
 * @module
 */

import type { SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";

/** `<dir>/<name>.md` for a Qwen Code subagent. */
export function qwenSubagent(def: SubagentDef): RenderedFiles {
  const dropped: Dropped[] = [];
  if (def.tools?.deny?.length) {
    dropped.push({
      field: "subagent.tools.deny",
      reason: "Qwen Code agents take an allow list only",
    });
  }
  if (def.readonly) {
    dropped.push({
      field: "subagent.readonly",
      reason: "Qwen Code agents have no read-only switch (list read-only tools instead)",
    });
  }
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    tools: def.tools?.allow?.length ? def.tools.allow : undefined,
    modelConfig: def.model ? { model: def.model } : undefined,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped };
}
