/**
 * Where pi's memory goes (pi-mono packages/coding-agent
 * `src/core/resource-loader.ts` `loadContextFileFromDir`): in each folder pi
 * reads the first existing of AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD —
 * the agent folder for the user, the working directory and its parents for
 * a project. So a user with only a CLAUDE.md gets the block there, and no
 * AGENTS.md is created to shadow it. oh-my-pi reads the same list.
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";
import { pathApi } from "../paths.ts";
import { placeFirstMatch } from "../render/first_match.ts";

const NAMES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

/** The files pi reads for `input.scope`, in its order. */
export function piMemoryFiles(input: MemoryPlaceInput): string[] {
  const api = pathApi(input.ctx.os);
  const dir = api.dirname(input.defaultPath);
  return NAMES.map((n) => api.join(dir, n));
}

/** Decides which file pi's memory block goes to. */
export const placePiMemory: (input: MemoryPlaceInput) => MemoryPlacement = placeFirstMatch(
  piMemoryFiles,
);
