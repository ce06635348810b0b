/**
 * Droid (Factory) as the registry sees it before loading it
 * (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Droid's manifest. */
export const host: HostManifest = {
  id: "droid",
  // Droid 0.225.2 runs hook commands with FACTORY_PROJECT_DIR,
  // DROID_PROJECT_DIR and, for compatibility, CLAUDE_PROJECT_DIR set.
  runtimeEnv: ["DROID_PROJECT_DIR", "FACTORY_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["claude-code"],
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/droid.ts")>(
      "../dialects/droid.ts",
      import.meta.url,
    )).droidDialect,
};
