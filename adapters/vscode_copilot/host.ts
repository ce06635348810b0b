/**
 * VS Code Copilot as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * VS Code's hook payloads: camelCase common fields (`hookEventName`,
 * `sessionId`) where Claude Code sends snake_case (HOSTS.md §6c), naming
 * the event in PascalCase — Grok Build's camelCase envelope names it in
 * snake_case (`pre_tool_use`) and is Grok's.
 */
export function isVsCodePayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && typeof raw.hookEventName === "string" && /^[A-Z]/.test(raw.hookEventName) &&
    raw.hook_event_name === undefined;
}

/** VS Code Copilot's manifest. */
export const host: HostManifest = {
  id: "vscode-copilot",
  // VS Code's own process id, inherited by its terminals (and the forks'):
  // any agent started in one has it. VS Code hooks are told by payload.
  runtimeEnvAmbient: ["VSCODE_PID"],
  // VS Code runs Claude Code's and Copilot's hook files (hooks.md FAQ).
  runsHooksOf: ["claude-code", "copilot-cli", "jetbrains-copilot"],
  payloadSignature: isVsCodePayload,
  hookTimeoutMs: { "*": 30_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/vscode.ts")>(
      "../dialects/vscode.ts",
      import.meta.url,
    )).vscodeDialect,
};
