/**
 * Continue as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Continue's manifest. */
export const host: HostManifest = {
  id: "continue",
  // cn's hook runner would set CLAUDE_PROJECT_DIR too (extensions/cli/src/
  // hooks/hookRunner.ts: `CLAUDE_PROJECT_DIR: cwd, CONTINUE_PROJECT_DIR: cwd`),
  // should a release fire hooks. No release does (mod.ts), so it reads no
  // other host's hook files.
  runtimeEnv: ["CONTINUE_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["claude-code"],
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/continue.ts")>(
      "../dialects/continue.ts",
      import.meta.url,
    )).continueDialect,
};
