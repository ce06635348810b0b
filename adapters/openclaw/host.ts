/**
 * OpenClaw as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** OpenClaw's manifest. */
export const host: HostManifest = {
  id: "openclaw",
  // The plugin gives up after 10 s, inside the 15 s OpenClaw allows a
  // before_tool_call handler before failing it closed (plugin.ts).
  hookTimeoutMs: { "*": 10_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/openclaw.ts")>(
      "../dialects/openclaw.ts",
      import.meta.url,
    )).openclawDialect,
};
