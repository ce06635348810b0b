/**
 * Kimi Code CLI as the registry sees it before loading it
 * (adapters/manifest.ts). Kimi sets no env marker for its hook processes,
 * so runtime detection relies on the hook command naming the host.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Kimi's manifest. */
export const host: HostManifest = {
  id: "kimi",
  // HookDef.timeout defaults to 30 s (1–600), kimi_cli/hooks/config.py.
  hookTimeoutMs: { "*": 30_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/kimi.ts")>(
      "../dialects/kimi.ts",
      import.meta.url,
    )).kimiDialect,
};
