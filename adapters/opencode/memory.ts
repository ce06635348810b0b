/**
 * Where opencode's memory goes (spec §2.4; opencode `session/system.ts`,
 * noted in gist zeke/c6bed98a445e559b0d3563087b5e6764): opencode reads the
 * first existing of a list, per scope — AGENTS.md, then CLAUDE.md, then
 * CONTEXT.md in a project; `~/.config/opencode/AGENTS.md`, then
 * `~/.claude/CLAUDE.md` for the user. The CLAUDE.md fallbacks are off when
 * `OPENCODE_DISABLE_CLAUDE_CODE` or `OPENCODE_DISABLE_CLAUDE_CODE_PROMPT`
 * is set. So a user with only a CLAUDE.md gets the block there, and no
 * AGENTS.md is created to shadow it. The forks keep the rule under their
 * own prefix (Kilo 7.7.7: `KILO_DISABLE_CLAUDE_CODE(_PROMPT)`, its
 * `Instruction` service; adapters/kilo_cli/SOURCES.md).
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";
import { pathApi } from "../paths.ts";
import { placeFirstMatch } from "../render/first_match.ts";

/** The files a member of the opencode family reads, its env prefix (`OPENCODE`) given. */
export function familyMemoryFiles(prefix: string): (input: MemoryPlaceInput) => string[] {
  return (input) => {
    const env = input.ctx.env;
    const fallback = !env[`${prefix}_DISABLE_CLAUDE_CODE`] &&
      !env[`${prefix}_DISABLE_CLAUDE_CODE_PROMPT`];
    const api = pathApi(input.ctx.os);
    if (input.scope === "user") {
      return fallback
        ? [input.defaultPath, api.join(input.ctx.home, ".claude", "CLAUDE.md")]
        : [input.defaultPath];
    }
    const names = fallback ? ["AGENTS.md", "CLAUDE.md", "CONTEXT.md"] : ["AGENTS.md", "CONTEXT.md"];
    return names.map((n) => api.join(input.ctx.projectDir, n));
  };
}

/** Decides which file a family member's memory block goes to. */
export function placeFamilyMemory(
  prefix: string,
): (input: MemoryPlaceInput) => MemoryPlacement {
  return placeFirstMatch(familyMemoryFiles(prefix));
}

/** The files opencode reads for `input.scope`, in its order. */
export const opencodeMemoryFiles: (input: MemoryPlaceInput) => string[] = familyMemoryFiles(
  "OPENCODE",
);
