/**
 * Junie as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Junie's manifest. */
export const host: HostManifest = {
  id: "junie",
  // "Maximum execution time in seconds. Defaults to 10" (the hooks page).
  hookTimeoutMs: { "*": 10_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/junie.ts")>(
      "../dialects/junie.ts",
      import.meta.url,
    )).junieDialect,
};
