/**
 * What a connector looks like on one platform once `platforms[<id>]`
 * (spec §2.8) is applied. Pure functions shared by install (what to render)
 * and the runtime (which handler runs), so the two never disagree.
 *
 * @module
 */

import type { HookEventName, HooksConfig, NativeHookDef } from "./hook_types.ts";
import { HOOK_EVENT_NAMES } from "./hook_types.ts";
import type {
  PlatformMemoryOverride,
  PlatformOverride,
  ResolvedConnector,
  ServerDef,
  StatuslineOptions,
} from "./connector_types.ts";
import type { PlatformId } from "./platform_types.ts";

/** The override block for `platform`, or an empty one. */
export function platformOverride(
  connector: Pick<ResolvedConnector, "platforms">,
  platform: PlatformId,
): PlatformOverride {
  return connector.platforms?.[platform] ?? {};
}

/**
 * The normalized hooks in effect on `platform`: none when
 * `platforms[id].hooks === false`; with an object, each event it names
 * replaces the base definition of that event.
 */
export function effectiveHooks(
  connector: Pick<ResolvedConnector, "hooks" | "platforms">,
  platform: PlatformId,
): HooksConfig {
  const override = platformOverride(connector, platform).hooks;
  if (override === false) return {};
  if (override === undefined || override === true) return connector.hooks ?? {};
  return { ...connector.hooks, ...override };
}

/** The events with a handler on `platform`, in spec order. */
export function effectiveHookEvents(
  connector: Pick<ResolvedConnector, "hooks" | "platforms">,
  platform: PlatformId,
): HookEventName[] {
  const hooks = effectiveHooks(connector, platform);
  return HOOK_EVENT_NAMES.filter((e) => typeof hooks[e]?.handler === "function");
}

/** The native hooks declared for `platform` (verbatim event names). */
export function effectiveNativeHooks(
  connector: Pick<ResolvedConnector, "platforms">,
  platform: PlatformId,
): Record<string, NativeHookDef> {
  return platformOverride(connector, platform).nativeHooks ?? {};
}

/**
 * The server in effect on `platform`: undefined when there is none or
 * `platforms[id].server === false`; an object override is shallow-merged.
 */
export function effectiveServer(
  connector: Pick<ResolvedConnector, "server" | "platforms">,
  platform: PlatformId,
): ServerDef | undefined {
  const override = platformOverride(connector, platform).server;
  if (override === false || !connector.server) return undefined;
  if (!override) return connector.server;
  const merged: ServerDef = { ...connector.server, ...override };
  // An override's env replaces the base env together with its secrets (spec §2.2).
  if (override.env !== undefined && override.secretEnv === undefined) delete merged.secretEnv;
  return merged;
}

/** The content surfaces a platform override can switch off. */
export type ToggleSurface = "commands" | "skills" | "subagents" | "memory" | "hooks" | "server";

/** True when `platforms[id].<surface> === false`. */
export function surfaceDisabled(
  connector: Pick<ResolvedConnector, "platforms">,
  platform: PlatformId,
  surface: ToggleSurface,
): boolean {
  return platformOverride(connector, platform)[surface] === false;
}

/** The memory tuning for `platform`, or undefined. */
export function memoryOverride(
  connector: Pick<ResolvedConnector, "platforms">,
  platform: PlatformId,
): PlatformMemoryOverride | undefined {
  const value = platformOverride(connector, platform).memory;
  return typeof value === "object" && value !== null ? value : undefined;
}

/** The status-line options in effect on `platform`: per-host options override the base ones. */
export function statuslineOptions(
  connector: Pick<ResolvedConnector, "statusline">,
  platform: string,
): StatuslineOptions {
  const def = connector.statusline;
  return { ...def?.options, ...def?.hosts?.[platform as PlatformId]?.options };
}
