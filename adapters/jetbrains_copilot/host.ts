/**
 * JetBrains Copilot as the registry sees it before loading it (adapters/manifest.ts).
 * Usage is the "synced" placeholder (usage/readers/synced.ts): it keeps no
 * token counts on this machine (SOURCES.md).
 *
 * @module
 */

import type { HostManifest } from "../manifest.ts";
import { importLazily } from "../../core/lazy_import.ts";

/**
 * JetBrains Copilot's hook payloads: Copilot's camelCase shape without a
 * `sessionId` (microsoft/copilot-intellij-feedback#1819 quotes the agent
 * passing `{timestamp, cwd, toolName, toolArgs}`).
 */
export function isJetBrainsCopilotPayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && typeof raw.timestamp === "number" && raw.sessionId === undefined &&
    raw.hook_event_name === undefined && raw.hookEventName === undefined;
}

/** JetBrains Copilot's manifest. */
export const host: HostManifest = {
  id: "jetbrains-copilot",
  // JetBrains runs the lowerCamel files in `.github/hooks` (copilot-intellij-feedback#1653).
  runsHooksOf: ["copilot-cli"],
  payloadSignature: isJetBrainsCopilotPayload,
  adapter: async () =>
    (await importLazily<typeof import("./mod.ts")>("./mod.ts", import.meta.url)).adapter,
  dialect: async () =>
    (await importLazily<typeof import("../dialects/copilot.ts")>(
      "../dialects/copilot.ts",
      import.meta.url,
    )).jetbrainsCopilotDialect,
};
