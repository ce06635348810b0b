/**
 * CodeBuddy Code as the registry sees it before loading it
 * (adapters/manifest.ts). It speaks Claude Code's hook protocol, so the
 * Claude dialect answers its hooks.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** CodeBuddy Code's manifest. */
export const host: HostManifest = {
  id: "codebuddy",
  // "Hook scripts are terminated after a 60 s timeout" (codebuddy.ai/docs/zh/cli/hooks).
  hookTimeoutMs: { "*": 60_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/claude.ts")>(
      "../dialects/claude.ts",
      import.meta.url,
    )).claudeDialect,
};
