/**
 * Kilo Code (the VS Code extension) as the registry sees it before loading
 * it (adapters/manifest.ts). Its 7.x backend is the Kilo CLI's, so the
 * opencode dialect answers the generated plugin's hooks.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Kilo Code's manifest. */
export const host: HostManifest = {
  id: "kilo",
  // The extension starts the Kilo backend with KILO_PLATFORM=vscode (Kilo 7.7.7
  // reads it to tell the extension from the CLI); the backend sets KILO_PID too,
  // so this host comes before kilo-cli in HOST_IDS.
  runtimeEnvAmbient: [{ name: "KILO_PLATFORM", equals: "vscode" }],
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/opencode.ts")>(
      "../dialects/opencode.ts",
      import.meta.url,
    )).opencodeDialect,
};
