/**
 * Introspection over the adapter registry (spec §9.2): which host honors
 * which surface. All async, because adapters load lazily.
 *
 * @module
 */

import type { PlatformCapabilities, PlatformId, SurfaceName } from "../core/platform_types.ts";
import { loadAdapter, loadAllAdapters } from "../adapters/registry.ts";
import { surfaceSupportOf } from "./_support.ts";

const EVENT_FLAGS = [
  "preToolUse",
  "postToolUse",
  "preCompact",
  "sessionStart",
  "sessionEnd",
  "userPromptSubmit",
  "stop",
  "notification",
  "permissionRequest",
  "postToolUseFailure",
  "subagentStart",
  "subagentStop",
  "postCompact",
] as const;

/**
 * The per-surface predicates over a host's capability flags. Optional flags
 * are read `?? false`.
 */
export const SURFACE_PREDICATES: Record<SurfaceName, (caps: PlatformCapabilities) => boolean> = {
  server: (c) => c.transports.length > 0,
  hooks: (c) => EVENT_FLAGS.some((f) => c[f] ?? false),
  commands: (c) => c.supportsCommands ?? false,
  skills: (c) => c.supportsSkills ?? false,
  subagents: (c) => c.supportsSubagents ?? false,
  memory: (c) => c.supportsMemory ?? false,
  statusline: (c) => c.supportsStatusline ?? false,
  configPatch: (c) => c.supportsConfigPatch ?? false,
  nativeHooks: (c) => c.supportsNativeHooks ?? false,
  actions: (c) => c.supportsActions ?? false,
};

/**
 * The capability flags of `host`; `undefined` for an unknown or not yet
 * implemented host.
 *
 * @example
 * ```ts
 * import { capabilitiesOf } from "@ken-jo/agent-connector/sdk";
 * (await capabilitiesOf("claude-code"))?.supportsStatusline; // true
 * ```
 */
export async function capabilitiesOf(host: PlatformId): Promise<PlatformCapabilities | undefined> {
  return (await loadAdapter(host))?.capabilities;
}

/**
 * Every registered host that honors `surface`, natively or degraded
 * (sdk/_support.ts, the capability table's source), in registry order.
 */
export async function hostsSupporting(surface: SurfaceName): Promise<PlatformId[]> {
  return (await loadAllAdapters())
    .filter((a) => surfaceSupportOf(a, surface).level !== "unsupported")
    .map((a) => a.id);
}

/** True when `host` honors `surface` (natively or degraded). */
export async function surfaceSupport(host: PlatformId, surface: SurfaceName): Promise<boolean> {
  const adapter = await loadAdapter(host);
  return adapter ? surfaceSupportOf(adapter, surface).level !== "unsupported" : false;
}
