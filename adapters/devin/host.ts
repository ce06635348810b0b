/**
 * Devin CLI as the registry sees it before loading it (adapters/manifest.ts).
 * No environment marker of its hook processes is documented; the platform id
 * in the hook command names it.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Devin CLI's manifest. */
export const host: HostManifest = {
  id: "devin",
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/devin.ts")>(
      "../dialects/devin.ts",
      import.meta.url,
    )).devinDialect,
};
