/**
 * NemoClaw as the registry sees it before loading it (adapters/manifest.ts).
 * Its plugin is OpenClaw's and runs `hook openclaw` (NemoClaw runs
 * OpenClaw); the dialect is OpenClaw's too, for a `hook nemoclaw` call. Its
 * sessions are OpenClaw's, read by OpenClaw's usage reader.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** NemoClaw's manifest. */
export const host: HostManifest = {
  id: "nemoclaw",
  hookTimeoutMs: { "*": 10_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/openclaw.ts")>(
      "../dialects/openclaw.ts",
      import.meta.url,
    )).openclawDialect,
};
