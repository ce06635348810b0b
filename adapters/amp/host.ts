/**
 * Amp as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Amp's manifest. */
export const host: HostManifest = {
  id: "amp",
  // The plugin gives up after 30 s (plugin.ts); the hook answers before that.
  hookTimeoutMs: { "*": 30_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/amp.ts")>(
      "../dialects/amp.ts",
      import.meta.url,
    )).ampDialect,
};
