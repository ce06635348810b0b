/**
 * Cline CLI's configured agents (cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4
 * sdk/packages/core/src/extensions/tools/team/configured-agent-config.ts):
 * `.yml`/`.yaml` files in `.cline/agents/` or `<CLINE_DIR>/agents/`
 * (sdk/packages/shared/src/storage/paths.ts `resolveAgentConfigSearchPaths`)
 * holding a `---` frontmatter block — `name`, `description`, optional
 * `tools` (list), `skills`, `providerId`, `modelId`, `maxIterations` — then
 * the system prompt. Files with another extension are not read.
 *
 * @module
 */

import type { SubagentDef } from "../../core/connector_types.ts";
import type { RenderedFiles } from "../descriptor.ts";
import { droppedFields } from "../render/content_files.ts";
import { markdownWithFrontmatter } from "../render/markdown.ts";

/** Renders one subagent as a Cline CLI agent file, `<name>.yaml`. */
export function clineAgentFile(def: SubagentDef): RenderedFiles {
  const text = markdownWithFrontmatter({
    name: def.name,
    description: def.description,
    tools: def.tools?.allow?.length ? def.tools.allow : undefined,
    ...def.extra,
  }, def.prompt);
  // Cline names a model by provider and model id (`providerId`, `modelId`),
  // not by an alias such as `sonnet`: a model goes in through `extra`.
  const model = def.model !== undefined && def.model !== "inherit";
  return {
    files: [{ path: `${def.name}.yaml`, text }],
    dropped: droppedFields("Cline", "subagent", [
      ["tools.deny", !!def.tools?.deny?.length],
      ["readonly", def.readonly === true],
      ["model", model],
    ]),
  };
}
