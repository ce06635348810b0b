/**
 * The Amazon Q Developer CLI as the registry sees it before loading it
 * (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Amazon Q's manifest. */
export const host: HostManifest = {
  id: "amazon-q",
  // agent/hook.rs: DEFAULT_TIMEOUT_MS = 30 000.
  hookTimeoutMs: { "*": 30_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("./dialect.ts")>("./dialect.ts", import.meta.url))
      .amazonQDialect,
};
