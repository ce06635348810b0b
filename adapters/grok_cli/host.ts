/**
 * grok-cli (superagent-ai) as the registry sees it before loading it
 * (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** grok-cli's manifest. */
export const host: HostManifest = {
  id: "grok-cli",
  // Its hook runner sets GROK_HOOK_EVENT to the event name (src/hooks/executor.ts);
  // Grok Build sets the same variable and declares it (runtimeEnvAlsoSets).
  runtimeEnv: ["GROK_HOOK_EVENT"],
  // DEFAULT_TIMEOUT_MS = 30_000 (src/hooks/executor.ts).
  hookTimeoutMs: { "*": 30_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/grok_cli.ts")>(
      "../dialects/grok_cli.ts",
      import.meta.url,
    )).grokCliDialect,
};
