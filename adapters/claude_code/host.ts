/**
 * Claude Code as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Claude Code's manifest. */
export const host: HostManifest = {
  id: "claude-code",
  // CLAUDE_PROJECT_DIR is set for hooks; CLAUDE_CODE_ENTRYPOINT and
  // CLAUDECODE=1 on Claude Code's own process, so its shell commands and
  // MCP servers inherit them (anthropics/claude-code#33815 lists all three).
  runtimeEnv: ["CLAUDE_PROJECT_DIR"],
  runtimeEnvAmbient: ["CLAUDE_CODE_ENTRYPOINT", "CLAUDECODE"],
  hookTimeoutMs: { "*": 600_000, UserPromptSubmit: 30_000, SessionEnd: 1_500 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/claude.ts")>(
      "../dialects/claude.ts",
      import.meta.url,
    )).claudeDialect,
};
