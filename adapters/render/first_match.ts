/**
 * Memory placement for first-match readers (spec §2.4): hosts that read only
 * the first file of a list that exists — Zed's rules list
 * (zed.dev/docs/ai/rules), opencode's AGENTS.md → CLAUDE.md fallback. The
 * block goes to the file the host reads today; the default file is created
 * only when none of the list exists, so a new AGENTS.md never shadows the
 * user's own rules file. A folder of the same name (Cline's `.clinerules/`)
 * is not a rules file and is passed over.
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";

/** Builds a placer from the candidate files (in the host's order) for a scope. */
export function placeFirstMatch(
  candidates: (input: MemoryPlaceInput) => string[],
): (input: MemoryPlaceInput) => MemoryPlacement {
  return (input) => {
    for (const file of candidates(input)) {
      if (input.probe.readText(file) === undefined) continue;
      if (file === input.defaultPath) return { target: file };
      return { target: file, note: `the host reads ${file} first; memory goes there` };
    }
    return { target: input.defaultPath };
  };
}
