/**
 * MiMoCode as the registry sees it before loading it (adapters/manifest.ts).
 * Its generated plugin speaks opencode's plugin protocol, so the opencode
 * dialect answers its hooks.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** MiMoCode's manifest. */
export const host: HostManifest = {
  id: "mimo-code",
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/opencode.ts")>(
      "../dialects/opencode.ts",
      import.meta.url,
    )).opencodeDialect,
};
