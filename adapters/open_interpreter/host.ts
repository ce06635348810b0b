/**
 * Open Interpreter as the registry sees it before loading it
 * (adapters/manifest.ts): Codex's dialect and hook deadlines, its own home.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";
import { CODEX_HOOK_TIMEOUTS } from "../codex/host.ts";

/** Open Interpreter's manifest. */
export const host: HostManifest = {
  id: "open-interpreter",
  hookTimeoutMs: CODEX_HOOK_TIMEOUTS,
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/codex.ts")>(
      "../dialects/codex.ts",
      import.meta.url,
    )).codexDialect,
};
