/**
 * Gemini CLI subagents (google-gemini/gemini-cli docs/core/subagents.md):
 * Markdown with `name`, `description`, `kind: local`, an optional `tools`
 * list and `model`; the body is the system prompt. Gemini has no deny list
 * and no read-only switch for an agent.
 *
 * @module
 */

import type { SubagentDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";

/** `<dir>/<name>.md` for a Gemini CLI subagent. */
export function geminiSubagent(def: SubagentDef): RenderedFiles {
  const dropped: Dropped[] = [];
  if (def.tools?.deny?.length) {
    dropped.push({
      field: "subagent.tools.deny",
      reason: "Gemini CLI agents take an allow list only",
    });
  }
  if (def.readonly) {
    dropped.push({
      field: "subagent.readonly",
      reason: "Gemini CLI agents have no read-only switch (list read-only tools instead)",
    });
  }
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    kind: "local",
    tools: def.tools?.allow?.length ? def.tools.allow : undefined,
    model: def.model,
    ...def.extra,
  }, def.prompt);
  return { files: [{ path: `${def.name}.md`, text }], dropped };
}
