/**
 * The config entries that make a host load a generated plugin module
 * (`PluginHookSurface.registration`): OpenClaw loads a plugin only when its
 * folder is in `plugins.load.paths` and `plugins.entries.<id>` enables it
 * (docs/gateway/config-extensions.md of the openclaw package). Map entries
 * are ours by key, array items by their exact value; uninstall derives both
 * from the connector id alone, so it needs no connector module.
 *
 * @module
 */

import type {
  PluginHookSurface,
  PluginRegistrationEntry,
  PluginRegistrationInput,
} from "../adapters/descriptor.ts";
import { scopePath } from "../adapters/descriptor.ts";
import type { PlannedEdit as Edit, SurfaceInput } from "./_plan_types.ts";

/** The registration's file in this scope, when the surface has one. */
export function registrationFile(
  input: SurfaceInput,
  surface: PluginHookSurface,
): string | undefined {
  return surface.registration
    ? scopePath(surface.registration.paths, input.ctx.scope, input.ctx)
    : undefined;
}

function edit(input: SurfaceInput, file: string, e: PluginRegistrationEntry, set: boolean): Edit {
  const base = { platform: input.adapter.id, file, label: e.label };
  if (e.kind === "set") {
    return set
      ? { ...base, op: "json.set", path: e.at, value: e.value }
      : { ...base, op: "json.remove", path: e.at };
  }
  const match = (item: unknown) => item === e.value;
  const key = `plugin-path:${input.connectorId}:${e.value}`;
  return set
    ? { ...base, op: "json.item.set", path: e.at, match, key, value: e.value, adopt: match }
    : { ...base, op: "json.item.remove", path: e.at, match, key, adopt: match };
}

/**
 * The registration edits for one connector's plugin: set (install) or
 * remove (uninstall, or an install that no longer writes the plugin).
 */
export function registrationEdits(
  input: SurfaceInput,
  surface: PluginHookSurface,
  plugin: PluginRegistrationInput,
  set: boolean,
): Edit[] {
  const file = registrationFile(input, surface);
  if (!file || !surface.registration) return [];
  return surface.registration.entries(plugin).map((e) => edit(input, file, e, set));
}
