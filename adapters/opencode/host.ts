/**
 * opencode as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** opencode's manifest. */
export const host: HostManifest = {
  id: "opencode",
  // opencode sets OPENCODE=1 and OPENCODE_PID on its own process, so its
  // plugins, shell tool and MCP servers inherit them (packages/opencode
  // src/index.ts). Kilo, its fork, sets OPENCODE=1 too but KILO_PID instead.
  runtimeEnvAmbient: ["OPENCODE_PID"],
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
