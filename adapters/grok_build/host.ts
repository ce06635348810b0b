/**
 * Grok Build as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/** Grok Build's manifest. */
export const host: HostManifest = {
  id: "grok-build",
  // Set by Grok's hook runner for every hook (user guide 10-hooks.md,
  // "Runner-injected variables"), with CLAUDE_PROJECT_DIR as an alias.
  // GROK_HOOK_EVENT is grok-cli's marker too, so GROK_WORKSPACE_ROOT tells.
  runtimeEnv: ["GROK_WORKSPACE_ROOT"],
  runtimeEnvAlsoSets: ["claude-code", "grok-cli"],
  // Grok runs Claude Code's and Cursor's hook files too (10-hooks.md,
  // "Hook Locations"); its calls carry Grok's camelCase envelope.
  runsHooksOf: ["claude-code", "cursor"],
  payloadSignature: (raw, env) =>
    Boolean(env.GROK_WORKSPACE_ROOT) ||
    (typeof raw.hookEventName === "string" && /^[a-z_]+$/.test(raw.hookEventName) &&
      typeof raw.workspaceRoot === "string"),
  // 5 s for observers, 600 s for the Stop and SubagentStop gates (10-hooks.md).
  hookTimeoutMs: { "*": 5_000, Stop: 600_000, SubagentStop: 600_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/grok_build.ts")>(
      "../dialects/grok_build.ts",
      import.meta.url,
    )).grokBuildDialect,
};
