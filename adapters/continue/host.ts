/**
 * Continue as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * Continue's CLI runs Claude Code's hook files too, with Claude-identical
 * payloads, but sets `CONTINUE_PROJECT_DIR` for every hook it spawns
 * (continuedev/continue `extensions/cli/src/hooks/hookRunner.ts`).
 */
export function isContinueHookEnv(
  _raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): boolean {
  return Boolean(env.CONTINUE_PROJECT_DIR);
}

/** Continue's manifest. */
export const host: HostManifest = {
  id: "continue",
  // Continue's CLI sets CLAUDE_PROJECT_DIR too for the Claude-format hooks it
  // runs (extensions/cli/src/hooks/hookRunner.ts: `CLAUDE_PROJECT_DIR: cwd,
  // CONTINUE_PROJECT_DIR: cwd`).
  runtimeEnv: ["CONTINUE_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["claude-code"],
  // Continue's CLI runs Claude Code's hook files (continuedev/continue hooks/hookConfig.ts).
  runsHooksOf: ["claude-code"],
  payloadSignature: isContinueHookEnv,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/continue.ts")>(
      "../dialects/continue.ts",
      import.meta.url,
    )).continueDialect,
};
