/**
 * OpenHands as the registry sees it before loading it (adapters/manifest.ts).
 * Its hook processes get `OPENHANDS_PROJECT_DIR`, `OPENHANDS_SESSION_ID` and
 * `OPENHANDS_EVENT_TYPE` (software-agent-sdk `openhands/sdk/hooks/
 * executor.py`), and a hook times out after its `timeout`, 60 s by default
 * (`hooks/config.py`).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** OpenHands' manifest. */
export const host: HostManifest = {
  id: "openhands",
  runtimeEnv: ["OPENHANDS_PROJECT_DIR", "OPENHANDS_EVENT_TYPE"],
  hookTimeoutMs: { "*": 60_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/openhands.ts")>(
      "../dialects/openhands.ts",
      import.meta.url,
    )).openhandsDialect,
};
