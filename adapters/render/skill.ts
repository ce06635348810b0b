/**
 * Agent Skills in the open standard's shape (agentskills.io): a folder per
 * skill with `SKILL.md` (frontmatter `name` + `description`) and its
 * resources beside it. Hosts that read only the standard fields (Codex,
 * Gemini CLI, Qwen Code) use {@link standardSkill}; the fields they cannot
 * take are reported, never silently dropped.
 *
 * @module
 */

import type { SkillDef } from "../../core/connector_types.ts";
import type { Dropped, RenderedFiles } from "../descriptor.ts";
import { markdownWithFrontmatter } from "./markdown.ts";

/** The skill's resources as files below its folder. */
export function skillResources(def: SkillDef): Array<{ path: string; text: string }> {
  return Object.entries(def.resources ?? {}).map(([rel, text]) => ({
    path: `${def.name}/${rel.replaceAll("\\", "/")}`,
    text,
  }));
}

/** A renderer writing `<name>/SKILL.md` with the standard fields only, for `host`. */
export function standardSkill(host: string): (def: SkillDef) => RenderedFiles {
  return (def) => {
    const dropped: Dropped[] = [];
    const why = `${host} skills take only a name and a description`;
    if (def.tools?.allow?.length || def.tools?.deny?.length) {
      dropped.push({ field: "skill.tools", reason: why });
    }
    if (def.model !== undefined) dropped.push({ field: "skill.model", reason: why });
    if (def.disableModelInvocation !== undefined) {
      dropped.push({ field: "skill.disableModelInvocation", reason: why });
    }
    const text = markdownWithFrontmatter(
      { name: def.name, description: def.description, ...def.extra },
      def.body,
    );
    return { files: [{ path: `${def.name}/SKILL.md`, text }, ...skillResources(def)], dropped };
  };
}
