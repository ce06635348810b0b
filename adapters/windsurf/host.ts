/**
 * Windsurf as the registry sees it before loading it (adapters/manifest.ts).
 * Usage is the "synced" placeholder (usage/readers/synced.ts): it keeps no
 * token counts on this machine (SOURCES.md).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Windsurf's manifest. */
export const host: HostManifest = {
  id: "windsurf",
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/windsurf.ts")>(
      "../dialects/windsurf.ts",
      import.meta.url,
    )).windsurfDialect,
};
