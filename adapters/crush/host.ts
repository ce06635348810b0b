/**
 * Crush as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Crush's manifest. */
export const host: HostManifest = {
  id: "crush",
  // docs/hooks/README.md: every hook gets CRUSH_EVENT; CRUSH=1 is also set
  // by Crush's bash tool, so it marks everything Crush starts.
  runtimeEnv: ["CRUSH_EVENT"],
  runtimeEnvAmbient: [{ name: "CRUSH", equals: "1" }],
  // HookConfig.Timeout: seconds, default 30.
  hookTimeoutMs: { "*": 30_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("./dialect.ts")>("./dialect.ts", import.meta.url))
      .crushDialect,
};
