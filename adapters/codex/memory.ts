/**
 * Where Codex's memory goes (developers.openai.com/codex/guides/agents-md):
 * in each directory Codex reads AGENTS.override.md when it exists and is not
 * empty, otherwise AGENTS.md — one file per directory, never both. So the
 * block goes to a non-empty AGENTS.override.md when there is one; the user's
 * override is never created or removed by us.
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";
import { pathApi } from "../paths.ts";

/** Decides whether the block goes to AGENTS.md or the override beside it. */
export function placeCodexMemory(input: MemoryPlaceInput): MemoryPlacement {
  const api = pathApi(input.ctx.os);
  const override = api.join(api.dirname(input.defaultPath), "AGENTS.override.md");
  const text = input.probe.readText(override);
  if (text === undefined || text.trim() === "") return { target: input.defaultPath };
  return {
    target: override,
    note: "AGENTS.override.md shadows AGENTS.md here; memory goes to the override Codex reads",
  };
}
