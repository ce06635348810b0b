/**
 * Copilot CLI as the registry sees it before loading it (adapters/manifest.ts).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * Copilot CLI's hook payloads (hooks-reference.md; Hypabolic/Hypa#52): the
 * camelCase shape with a `sessionId` and a millisecond `timestamp`, or the
 * VS Code-compatible snake_case shape with an ISO `timestamp` — a field
 * Claude Code's payloads do not have.
 */
export function isCopilotCliPayload(raw: Record<string, unknown> | undefined): boolean {
  if (!raw) return false;
  if (typeof raw.hook_event_name === "string") return typeof raw.timestamp === "string";
  return typeof raw.timestamp === "number" && typeof raw.sessionId === "string";
}

/**
 * A snake_case payload with an ISO `timestamp` (VS Code's shape, which
 * Copilot CLI also sends for PascalCase events) run by Copilot CLI's hook
 * runner: it alone sets `COPILOT_HOOK_DIR` (the hook file's folder) for a
 * hook process — measured on Copilot CLI 1.0.102, which also set
 * `COPILOT_PROJECT_DIR`, `CLAUDE_PROJECT_DIR` and the ambient `COPILOT_CLI=1`
 * (tests/fixtures/payloads/copilot-cli/sessionStart.measured.json).
 */
export function isCopilotCliSnakeCall(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): boolean {
  return typeof raw.hook_event_name === "string" && typeof raw.timestamp === "string" &&
    !!env.COPILOT_HOOK_DIR;
}

/**
 * A Copilot CLI call on another host's file: on JetBrains' lowerCamel files
 * Copilot CLI's own shapes tell it; on Claude Code's and VS Code's files,
 * whose payloads VS Code shares, only its hook runner's marker does.
 */
function isCopilotCliCall(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
  entry: string,
): boolean {
  return entry === "jetbrains-copilot" ? isCopilotCliPayload(raw) : isCopilotCliSnakeCall(raw, env);
}

/** Copilot CLI's manifest. */
export const host: HostManifest = {
  id: "copilot-cli",
  // Copilot CLI's subprocesses get COPILOT_CLI=1 (github/copilot-cli
  // changelog 0.0.421); its hook runner adds COPILOT_HOOK_DIR,
  // COPILOT_PROJECT_DIR and Claude Code's CLAUDE_PROJECT_DIR (measured on
  // 1.0.102: tests/fixtures/payloads/copilot-cli/sessionStart.measured.json).
  runtimeEnv: ["COPILOT_HOOK_DIR"],
  runtimeEnvAlsoSets: ["claude-code"],
  runtimeEnvAmbient: ["COPILOT_CLI"],
  // Copilot CLI runs VS Code's `.github/hooks` files and Claude Code's project settings (hooks-reference.md).
  runsHooksOf: ["claude-code", "vscode-copilot", "jetbrains-copilot"],
  payloadSignature: isCopilotCliCall,
  hookTimeoutMs: { "*": 30_000 },
  usage: async () =>
    (await importLazily<typeof import("./usage.ts")>("./usage.ts", import.meta.url)).reader,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/copilot.ts")>(
      "../dialects/copilot.ts",
      import.meta.url,
    )).copilotCliDialect,
};
