/**
 * Memory placement for hosts that name their context file in settings
 * (Gemini CLI and its fork Qwen Code): `context.fileName` — one name or a
 * list — replaces the default file name (GEMINI.md, QWEN.md). Spec §2.4:
 * probe and respect, never flip the setting. For the project's memory the
 * project's settings win over the user's (the host merges them that way);
 * the user's memory is read in every project, so only the user's settings
 * decide it.
 *
 * The block goes to AGENTS.md when the list names it (one copy shared with
 * every AGENTS.md host), else to the host's default file when listed, else to
 * the first name listed: always a file the host really reads.
 *
 * @module
 */

import { parseJsonc } from "../../core/jsonc.ts";
import type { MemoryPlaceInput, MemoryPlacement, Probe } from "../descriptor.ts";
import { pathApi, type PathFn } from "../paths.ts";

/** A JSON-with-comments settings file as an object, or undefined when absent or unreadable. */
export function readSettings(probe: Probe, file: string): Record<string, unknown> | undefined {
  const text = probe.readText(file);
  if (text === undefined) return undefined;
  try {
    const data = parseJsonc(text.replace(/^\uFEFF/, ""));
    return data && typeof data === "object" && !Array.isArray(data)
      ? data as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

/** The `context.fileName` list of the first settings file that sets it. */
export function contextFileNames(
  probe: Probe,
  settingsFiles: string[],
): { names: string[]; file: string } | undefined {
  for (const file of settingsFiles) {
    const data = readSettings(probe, file);
    if (!data) continue;
    const context = data?.context as Record<string, unknown> | undefined;
    // `contextFileName` is the pre-v2 spelling Gemini still migrates from.
    const value = context?.fileName ?? data?.contextFileName;
    const names = typeof value === "string"
      ? [value]
      : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "")
      : [];
    if (names.length) return { names, file };
  }
  return undefined;
}

/**
 * A memory placer reading `context.fileName` from the host's settings files:
 * the project's then the user's for project memory, the user's alone for
 * user memory.
 */
export function placeByContextFileName(
  settings: { user: PathFn; project: PathFn },
): (input: MemoryPlaceInput) => MemoryPlacement {
  return (input) => {
    const api = pathApi(input.ctx.os);
    const files = input.scope === "project" ? [settings.project, settings.user] : [settings.user];
    const found = contextFileNames(input.probe, files.map((p) => p(input.ctx)));
    if (!found) return { target: input.defaultPath };
    const fallback = api.basename(input.defaultPath);
    const chosen = found.names.includes("AGENTS.md")
      ? "AGENTS.md"
      : found.names.includes(fallback)
      ? fallback
      : found.names[0];
    if (chosen === fallback) return { target: input.defaultPath };
    return {
      target: api.join(api.dirname(input.defaultPath), chosen),
      note: `context.fileName in ${found.file} names ${chosen}; memory goes there`,
    };
  };
}
