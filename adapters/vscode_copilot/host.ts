/**
 * VS Code Copilot as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * VS Code's hook payloads. Current VS Code sends snake_case common fields
 * — `timestamp` (an ISO string), `hook_event_name`, `session_id`,
 * `transcript_path` — merged into each event's own fields
 * (microsoft/vscode-copilot-chat@31acd00
 * src/extension/chat/vscode-node/chatHookService.ts `executeHook`
 * `commonInput`, since b7ced2c of 2026-02-25); versions before it sent
 * camelCase `hookEventName` + `sessionId` (vscode-docs hooks-reference.md,
 * tests/fixtures/payloads/vscode-copilot/PreToolUse.json). The snake_case
 * shape is also what Copilot CLI sends for PascalCase events (trap 9), so
 * the shape alone names no host: see {@link isVsCodeCall}. The camelCase
 * shape names the event in PascalCase — Grok Build's camelCase envelope names
 * it in snake_case (`pre_tool_use`) and is Grok's.
 */
export function isVsCodePayload(raw: Record<string, unknown> | undefined): boolean {
  if (!raw) return false;
  if (typeof raw.hook_event_name === "string") return typeof raw.timestamp === "string";
  return typeof raw.hookEventName === "string" && /^[A-Z]/.test(raw.hookEventName);
}

/**
 * A VS Code call on another host's hook file: VS Code's shape, run by a
 * process that is not Copilot CLI's hook runner (which alone sets
 * `COPILOT_HOOK_DIR`; VS Code's runner passes only its own environment on:
 * vscode-copilot-chat@31acd00 src/platform/chat/node/hookExecutor.ts `_spawn`).
 * On VS Code's own entry the command line decides: nothing is taken from it.
 */
export function isVsCodeCall(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): boolean {
  return isVsCodePayload(raw) && !env.COPILOT_HOOK_DIR;
}

/** VS Code Copilot's manifest. */
export const host: HostManifest = {
  id: "vscode-copilot",
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  // VS Code's own process id, inherited by its terminals (and the forks'):
  // any agent started in one has it. VS Code hooks are told by payload.
  runtimeEnvAmbient: ["VSCODE_PID"],
  // VS Code runs Claude Code's and Copilot's hook files (hooks.md FAQ).
  runsHooksOf: ["claude-code", "copilot-cli", "jetbrains-copilot"],
  payloadSignature: isVsCodeCall,
  hookTimeoutMs: { "*": 30_000 },
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/vscode.ts")>(
      "../dialects/vscode.ts",
      import.meta.url,
    )).vscodeDialect,
};
