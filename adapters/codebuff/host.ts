/**
 * Codebuff as the registry sees it before loading it (adapters/manifest.ts):
 * mcp-only, so no hook dialect and no runtime markers.
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Codebuff's manifest. */
export const host: HostManifest = {
  id: "codebuff",
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
};
