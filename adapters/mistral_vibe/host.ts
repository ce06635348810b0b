/**
 * Mistral Vibe as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Mistral Vibe's manifest. */
export const host: HostManifest = {
  id: "mistral-vibe",
  // HookConfig's default timeout: 60 s for every hook (vibe/core/hooks/models.py).
  hookTimeoutMs: { "*": 60_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/mistral_vibe.ts")>(
      "../dialects/mistral_vibe.ts",
      import.meta.url,
    )).mistralVibeDialect,
};
