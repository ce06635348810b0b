/**
 * Runtime host detection: which host is running this hook (or server) now.
 *
 * Precedence: the platform id in the command line (written by install, so
 * it is exact) — except when the payload shows another host that reads this
 * host's hook files (VS Code runs Claude Code's hooks, HOSTS.md trap 8) —
 * then `AGENT_CONNECTOR_HOST`, then env markers of each registered host in
 * registry order (forks before the host they fork), else `unknown`.
 *
 * Lean: the common path (a platform in argv) loads no adapter.
 *
 * @module
 */

import type { HostId, PlatformId } from "../core/platform_types.ts";
import { isHostId } from "../core/platform_types.ts";
import type { EnvMarker } from "./descriptor.ts";
import { importLazily } from "../core/lazy_import.ts";

/** How the host was decided. */
export type DetectionSource = "argv" | "payload" | "env-override" | "env-marker" | "none";

/** The detected host. */
export interface RuntimeHost {
  /** The host id, or `unknown`. */
  platform: PlatformId;
  /** What decided it. */
  via: DetectionSource;
}

/**
 * VS Code's hook payloads: camelCase common fields (`hookEventName`,
 * `sessionId`) where Claude Code sends snake_case (HOSTS.md §6c).
 */
export function isVsCodePayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && typeof raw.hookEventName === "string" && raw.hook_event_name === undefined;
}

/**
 * Hosts that run another host's hook files, and how their payloads look.
 * Keyed by the host whose files are read.
 */
export const FOREIGN_READERS: Partial<
  Record<HostId, Array<{ host: HostId; test(raw: Record<string, unknown>): boolean }>>
> = {
  "claude-code": [{ host: "vscode-copilot", test: isVsCodePayload }],
};

/** True when one env marker is present in `env`. */
export function markerPresent(marker: EnvMarker, env: Record<string, string | undefined>): boolean {
  if (typeof marker === "string") return Boolean(env[marker]);
  return env[marker.name] === marker.equals;
}

/**
 * Detects the host without a command-line platform: `AGENT_CONNECTOR_HOST`,
 * then env markers in registry order.
 */
export async function detectRuntimeHost(
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  const override = env.AGENT_CONNECTOR_HOST;
  if (isHostId(override)) return { platform: override, via: "env-override" };
  const { REGISTRY } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  for (const entry of REGISTRY) {
    const adapter = await entry.load();
    if (adapter.runtimeEnv?.some((m) => markerPresent(m, env))) {
      return { platform: adapter.id, via: "env-marker" };
    }
  }
  return { platform: "unknown", via: "none" };
}

/** Decides the host of a hook call (see the module doc for the precedence). */
export async function resolveHookHost(
  argvPlatform: string | undefined,
  raw: Record<string, unknown> | undefined,
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  if (isHostId(argvPlatform)) {
    for (const reader of FOREIGN_READERS[argvPlatform] ?? []) {
      if (raw && reader.test(raw)) return { platform: reader.host, via: "payload" };
    }
    return { platform: argvPlatform, via: "argv" };
  }
  return await detectRuntimeHost(env);
}
