/**
 * Qwen Code as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Qwen Code's manifest. */
export const host: HostManifest = {
  id: "qwen-code",
  // Qwen's hook runner (forked from Gemini CLI's) also sets
  // GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR for compatibility.
  runtimeEnv: ["QWEN_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["gemini-cli", "claude-code"],
  // QWEN_CODE=1 marks what its shell execution service runs (not GEMINI_CLI).
  runtimeEnvAmbient: ["QWEN_CODE"],
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/qwen.ts")>(
      "../dialects/qwen.ts",
      import.meta.url,
    )).qwenDialect,
};
