/**
 * The Antigravity CLI (`agy`) as the registry sees it before loading it
 * (adapters/manifest.ts). Like the IDE it publishes no environment marker
 * of its hook processes; usage stays "synced" (usage/readers/synced.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** agy's manifest. */
export const host: HostManifest = {
  id: "antigravity-cli",
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/antigravity_cli.ts")>(
      "../dialects/antigravity_cli.ts",
      import.meta.url,
    )).agyDialect,
};
