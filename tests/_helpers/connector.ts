/**
 * Resolved connectors for tests, without going through defineConnector: the
 * runtime accepts any value of the resolved shape.
 *
 * @module
 */

import type { ResolvedConnector } from "../../core/connector_types.ts";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";

/** A resolved connector with every default filled; `hookEvents` follows `hooks`. */
export function resolvedConnector(partial: Partial<ResolvedConnector> = {}): ResolvedConnector {
  const hooks = partial.hooks ?? {};
  return {
    id: "test-conn",
    displayName: "Test Conn",
    version: "1.0.0",
    telemetry: {
      enabled: true,
      modelFamilyHint: "auto",
      measureToolDefs: true,
      hostNativeUsage: false,
      store: "ndjson",
      calibration: { anthropicCountTokens: false },
    },
    commands: [],
    skills: [],
    subagents: [],
    memory: [],
    actions: [],
    platforms: {},
    targets: "auto",
    oauth: {},
    ...partial,
    hooks,
    hookEvents: HOOK_EVENT_NAMES.filter((e) => typeof hooks[e]?.handler === "function"),
  };
}
