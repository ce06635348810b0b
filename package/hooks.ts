/**
 * The hooks a package carries: the same entries install writes into the
 * host's hook file (install/plan_hooks.ts — one per declared event the host
 * fires, each native event it also runs on, the connector's matcher rendered
 * for the host, native hooks verbatim), each running the bundled launcher
 * with the bundled connector module instead of the home binary:
 * `node "<root>/bin/agent-connector.mjs" hook <platform> <event> --connector
 * <id> --module connector/_agent_connector_entry.mjs`.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import {
  effectiveHookEvents,
  effectiveHooks,
  effectiveNativeHooks,
  surfaceDisabled,
} from "../core/overrides.ts";
import { type HostAdapter, isConfigHookSurface } from "../adapters/descriptor.ts";
import { renderMatcher } from "../adapters/render/matcher.ts";
import { hookItem } from "../install/plan_hooks.ts";
import { nativeNames } from "../install/_declared_hook.ts";
import { LAUNCHER_PATH } from "./launcher.ts";

/** The hook entries of one host, by native event, and what could not be carried. */
export interface PackagedHooks {
  /** Native event → entries (empty when the connector has no hooks for the host). */
  hooks: Record<string, Array<Record<string, unknown>>>;
  /** One sentence per event the host cannot fire. */
  warnings: string[];
}

/** True when the connector has hooks (declared or native) for `host`. */
export function hasHooksFor(connector: ResolvedConnector, host: string): boolean {
  if (surfaceDisabled(connector, host as never, "hooks")) return false;
  return effectiveHookEvents(connector, host as never).length > 0 ||
    Object.keys(effectiveNativeHooks(connector, host as never)).length > 0;
}

/** The hook command of one event: the launcher, the bundled module, no absolute path. */
export function packagedHookCommand(
  rootPlaceholder: string,
  platform: string,
  event: string,
  connectorId: string,
  entry: string,
): string {
  return `node "${rootPlaceholder}/${LAUNCHER_PATH}" hook ${platform} ${event} --connector ${connectorId} --module ${entry}`;
}

/** Renders the hook entries `adapter` takes for `connector`, as install would. */
export function packagedHooks(
  connector: ResolvedConnector,
  adapter: HostAdapter,
  format: string,
  command: (event: string) => string,
): PackagedHooks {
  const out: PackagedHooks = { hooks: {}, warnings: [] };
  const surface = adapter.hooks;
  if (!surface || !isConfigHookSurface(surface)) return out;
  const declared = effectiveHooks(connector, adapter.id);
  for (const event of effectiveHookEvents(connector, adapter.id)) {
    const spec = surface.events[event];
    if (!spec) {
      out.warnings.push(
        `${format}: hook ${event} is not packaged: ${adapter.name} has no ${event} event`,
      );
      continue;
    }
    const matcher = spec.matcher
      ? renderMatcher(declared[event]?.matcher, surface.matchers)
      : undefined;
    for (const name of nativeNames(spec)) {
      (out.hooks[name] ??= []).push(hookItem(surface, command(event), matcher, name));
    }
  }
  const natives = Object.entries(effectiveNativeHooks(connector, adapter.id));
  if (natives.length && !surface.nativeHooks) {
    out.warnings.push(
      `${format}: ${natives.length} native hook(s) not packaged: ${adapter.name} takes no native hook events`,
    );
  } else {
    for (const [name, def] of natives) {
      (out.hooks[name] ??= []).push(
        hookItem(surface, command(name), def.matcher || undefined, name),
      );
    }
  }
  return out;
}
