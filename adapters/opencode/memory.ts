/**
 * Where opencode's memory goes (spec §2.4; opencode `session/system.ts`,
 * noted in gist zeke/c6bed98a445e559b0d3563087b5e6764): opencode reads the
 * first existing of a list, per scope — AGENTS.md, then CLAUDE.md, then
 * CONTEXT.md in a project; `~/.config/opencode/AGENTS.md`, then
 * `~/.claude/CLAUDE.md` for the user. The CLAUDE.md fallbacks are off when
 * `OPENCODE_DISABLE_CLAUDE_CODE` or `OPENCODE_DISABLE_CLAUDE_CODE_PROMPT`
 * is set. So a user with only a CLAUDE.md gets the block there, and no
 * AGENTS.md is created to shadow it.
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";
import { pathApi } from "../paths.ts";
import { placeFirstMatch } from "../render/first_match.ts";

function claudeFallback(env: Record<string, string | undefined>): boolean {
  return !env.OPENCODE_DISABLE_CLAUDE_CODE && !env.OPENCODE_DISABLE_CLAUDE_CODE_PROMPT;
}

/** The files opencode reads for `input.scope`, in its order. */
export function opencodeMemoryFiles(input: MemoryPlaceInput): string[] {
  const api = pathApi(input.ctx.os);
  const fallback = claudeFallback(input.ctx.env);
  if (input.scope === "user") {
    return fallback
      ? [input.defaultPath, api.join(input.ctx.home, ".claude", "CLAUDE.md")]
      : [input.defaultPath];
  }
  const names = fallback ? ["AGENTS.md", "CLAUDE.md", "CONTEXT.md"] : ["AGENTS.md", "CONTEXT.md"];
  return names.map((n) => api.join(input.ctx.projectDir, n));
}

/** Decides which file opencode's memory block goes to. */
export const placeOpencodeMemory: (input: MemoryPlaceInput) => MemoryPlacement = placeFirstMatch(
  opencodeMemoryFiles,
);
