/**
 * Cursor as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * Cursor's hook payloads: `cursor_version`, or `conversation_id` with
 * `workspace_roots` (HOSTS.md §4c).
 */
export function isCursorPayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && (typeof raw.cursor_version === "string" ||
    (typeof raw.conversation_id === "string" && Array.isArray(raw.workspace_roots)));
}

/** Cursor's manifest. */
export const host: HostManifest = {
  id: "cursor",
  // CURSOR_PROJECT_DIR is set for hook processes; CURSOR_TRACE_ID is in
  // Cursor's terminals and MCP servers, so any agent started there has it.
  runtimeEnv: ["CURSOR_PROJECT_DIR"],
  runtimeEnvAmbient: ["CURSOR_TRACE_ID"],
  // Cursor runs Claude Code's hook files with third-party configs on (third-party-hooks).
  runsHooksOf: ["claude-code"],
  payloadSignature: isCursorPayload,
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/cursor.ts")>(
      "../dialects/cursor.ts",
      import.meta.url,
    )).cursorDialect,
};
