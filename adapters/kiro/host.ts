/**
 * Kiro as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Kiro's manifest. */
export const host: HostManifest = {
  id: "kiro",
  // kiro.dev/docs/cli/hooks "Timeout": timeout_ms, default 30 000.
  hookTimeoutMs: { "*": 30_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("./dialect.ts")>("./dialect.ts", import.meta.url))
      .kiroDialect,
};
