/**
 * Codex as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * Codex's hook deadlines (ms): 600 s per hook, 1 s at session end and
 * interrupt; Codex-based agents share them.
 */
export const CODEX_HOOK_TIMEOUTS: Readonly<Record<string, number>> = {
  "*": 600_000,
  SessionEnd: 1_000,
  Interrupt: 1_000,
};

/** Codex's manifest. */
export const host: HostManifest = {
  id: "codex",
  // Set for every command Codex runs, so inherited by anything started there.
  runtimeEnvAmbient: ["CODEX_THREAD_ID", "CODEX_CI"],
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
