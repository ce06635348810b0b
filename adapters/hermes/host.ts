/**
 * Hermes Agent as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Hermes Agent's manifest. */
export const host: HostManifest = {
  id: "hermes",
  // hooks.md "Configuration schema": timeout in seconds, default 60.
  hookTimeoutMs: { "*": 60_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("./dialect.ts")>("./dialect.ts", import.meta.url))
      .hermesDialect,
};
