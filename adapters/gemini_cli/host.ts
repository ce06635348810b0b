/**
 * Gemini CLI as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Gemini CLI's manifest. */
export const host: HostManifest = {
  id: "gemini-cli",
  // Set in the environment of hook processes (docs/hooks/index.md), with
  // CLAUDE_PROJECT_DIR "for compatibility" (hookRunner.ts).
  runtimeEnv: ["GEMINI_PROJECT_DIR", "GEMINI_SESSION_ID"],
  runtimeEnvAlsoSets: ["claude-code"],
  // GEMINI_CLI=1 marks the commands its shell tool runs (docs/tools/shell.md).
  runtimeEnvAmbient: ["GEMINI_CLI"],
  hookTimeoutMs: { "*": 60_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/gemini.ts")>(
      "../dialects/gemini.ts",
      import.meta.url,
    )).geminiDialect,
};
