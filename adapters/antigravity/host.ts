/**
 * Antigravity (the IDE) as the registry sees it before loading it
 * (adapters/manifest.ts). No environment marker of its hook processes is
 * published, so runtime detection relies on the platform id in the hook
 * command line. Usage stays the "synced" placeholder
 * (usage/readers/synced.ts): no local log with token counts was found.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Antigravity's manifest. */
export const host: HostManifest = {
  id: "antigravity",
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/antigravity.ts")>(
      "../dialects/antigravity.ts",
      import.meta.url,
    )).antigravityDialect,
};
