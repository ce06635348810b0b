/**
 * The adapter registry: one row per implemented host, in the order of
 * `HOST_IDS` (spec §6; the order is load-bearing for runtime host
 * detection). Everything loads lazily: a row costs nothing until its host is
 * asked for, and the hook entrypoint loads only the one dialect it needs.
 *
 * Add a host with one row here (and its folder under `adapters/`).
 *
 * @module
 */

import type { HostId, PlatformId } from "../core/platform_types.ts";
import { HOST_IDS } from "../core/platform_types.ts";
import type { HostAdapter } from "./descriptor.ts";
import type { HookDialect } from "./dialect.ts";
import { importLazily } from "../core/lazy_import.ts";

/** One registered host. */
export interface RegistryEntry {
  /** The host id. */
  id: HostId;
  /** Loads the host's adapter. */
  load(): Promise<HostAdapter>;
  /** Loads only the hook dialect (what the hook entrypoint needs). */
  dialect?(): Promise<HookDialect>;
}

/**
 * Rows load lazily and out of the start-up module graph (core/lazy_import.ts):
 * a hook call imports this file, then exactly one dialect.
 */
function lazy<T>(path: string): Promise<T> {
  return importLazily<T>(path, import.meta.url);
}

/** The implemented hosts, in registry order. */
export const REGISTRY: readonly RegistryEntry[] = [
  {
    id: "claude-code",
    load: async () =>
      (await lazy<typeof import("./claude_code/mod.ts")>("./claude_code/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/claude.ts")>("./dialects/claude.ts")).claudeDialect,
  },
  {
    id: "codex",
    load: async () => (await lazy<typeof import("./codex/mod.ts")>("./codex/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/codex.ts")>("./dialects/codex.ts")).codexDialect,
  },
  {
    id: "cursor",
    load: async () => (await lazy<typeof import("./cursor/mod.ts")>("./cursor/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/cursor.ts")>("./dialects/cursor.ts")).cursorDialect,
  },
  {
    id: "vscode-copilot",
    load: async () =>
      (await lazy<typeof import("./vscode_copilot/mod.ts")>("./vscode_copilot/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/vscode.ts")>("./dialects/vscode.ts")).vscodeDialect,
  },
  {
    id: "jetbrains-copilot",
    load: async () =>
      (await lazy<typeof import("./jetbrains_copilot/mod.ts")>("./jetbrains_copilot/mod.ts"))
        .adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/copilot.ts")>("./dialects/copilot.ts"))
        .jetbrainsCopilotDialect,
  },
  {
    id: "copilot-cli",
    load: async () =>
      (await lazy<typeof import("./copilot_cli/mod.ts")>("./copilot_cli/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/copilot.ts")>("./dialects/copilot.ts"))
        .copilotCliDialect,
  },
  {
    id: "gemini-cli",
    load: async () =>
      (await lazy<typeof import("./gemini_cli/mod.ts")>("./gemini_cli/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/gemini.ts")>("./dialects/gemini.ts")).geminiDialect,
  },
  {
    id: "qwen-code",
    load: async () =>
      (await lazy<typeof import("./qwen_code/mod.ts")>("./qwen_code/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/qwen.ts")>("./dialects/qwen.ts")).qwenDialect,
  },
  {
    id: "continue",
    load: async () => (await lazy<typeof import("./continue/mod.ts")>("./continue/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/continue.ts")>("./dialects/continue.ts"))
        .continueDialect,
  },
  {
    id: "cline",
    load: async () => (await lazy<typeof import("./cline/mod.ts")>("./cline/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/cline.ts")>("./dialects/cline.ts")).clineDialect,
  },
  {
    id: "zed",
    load: async () => (await lazy<typeof import("./zed/mod.ts")>("./zed/mod.ts")).adapter,
  },
  {
    id: "windsurf",
    load: async () => (await lazy<typeof import("./windsurf/mod.ts")>("./windsurf/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/windsurf.ts")>("./dialects/windsurf.ts"))
        .windsurfDialect,
  },
  {
    id: "opencode",
    load: async () => (await lazy<typeof import("./opencode/mod.ts")>("./opencode/mod.ts")).adapter,
    dialect: async () =>
      (await lazy<typeof import("./dialects/opencode.ts")>("./dialects/opencode.ts"))
        .opencodeDialect,
  },
];

/** The registry row for `id`, if that host is implemented. */
export function registryEntry(id: string): RegistryEntry | undefined {
  return REGISTRY.find((e) => e.id === id);
}

/** Loads the adapter of `id`, or undefined for an unknown or unimplemented host. */
export async function loadAdapter(id: PlatformId | string): Promise<HostAdapter | undefined> {
  return await registryEntry(id)?.load();
}

/** Loads every implemented adapter, in registry order. */
export async function loadAllAdapters(): Promise<HostAdapter[]> {
  return await Promise.all(REGISTRY.map((e) => e.load()));
}

/** Loads the hook dialect of `id`, if the host has one. */
export async function loadDialect(id: PlatformId | string): Promise<HookDialect | undefined> {
  return await registryEntry(id)?.dialect?.();
}

/** True when `ids` follow the order of `HOST_IDS` (a registry invariant). */
export function inRegistryOrder(ids: readonly string[]): boolean {
  const at = ids.map((id) => (HOST_IDS as readonly string[]).indexOf(id));
  return at.every((n, i) => n >= 0 && (i === 0 || n > at[i - 1]));
}
