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

/** Copilot CLI's manifest. */
export const host: HostManifest = {
  id: "copilot-cli",
  // Copilot CLI's subprocesses get COPILOT_CLI=1 (github/copilot-cli
  // changelog 0.0.421).
  runtimeEnvAmbient: ["COPILOT_CLI"],
  // Copilot CLI runs VS Code's `.github/hooks` files and Claude Code's project settings (hooks-reference.md).
  runsHooksOf: ["claude-code", "vscode-copilot", "jetbrains-copilot"],
  payloadSignature: isCopilotCliPayload,
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
