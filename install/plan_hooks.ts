/**
 * The hook surface: one home-binary command per declared event (and per
 * native event), in the host's hook-file shape; a `!` for every event the
 * host cannot fire. Our entries are recognized by their command line
 * (`… hook <platform> <event> --connector <id>`), so uninstall needs no
 * connector module.
 *
 * @module
 */

import type { HookEventName } from "../core/hook_types.ts";
import {
  effectiveHookEvents,
  effectiveHooks,
  effectiveNativeHooks,
  surfaceDisabled,
} from "../core/overrides.ts";
import {
  type ConfigHookSurface,
  isConfigHookSurface,
  scopePath,
  scopePlaces,
  scopeTargets,
} from "../adapters/descriptor.ts";
import { hookCommand, isOwnedCommand, usageEventCommand } from "../adapters/render/command_line.ts";
import { renderMatcher } from "../adapters/render/matcher.ts";
import { type ItemPlace, itemRemove, itemSet } from "./_entry_edits.ts";
import { readStructured, valueAt } from "./_read_structured.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";
import { planHookHeader, unplanHookHeader } from "./_hook_header.ts";
import { type HookFolders, planHookFiles, unplanHookFiles } from "./plan_hook_files.ts";
import { type DeclaredHook, nativeNames } from "./_declared_hook.ts";

const COMMAND_KEYS = ["command", "bash", "powershell", "windows", "linux", "osx"];

/** The command strings of a hook item (flat entry or nested group). */
function commandsOf(item: unknown): string[] {
  if (!item || typeof item !== "object") return [];
  const rec = item as Record<string, unknown>;
  const own = COMMAND_KEYS.map((k) => rec[k]).filter((v): v is string => typeof v === "string");
  const nested = Array.isArray(rec.hooks) ? rec.hooks.flatMap(commandsOf) : [];
  return [...own, ...nested];
}

/** True when every command of a hook item is one we wrote for `connectorId`. */
export function isOurHookItem(item: unknown, connectorId: string): boolean {
  const commands = commandsOf(item);
  return commands.length > 0 && commands.every((c) => isOwnedCommand(c, connectorId));
}

/** The item keys of an event-list surface (Kimi's `event`/`matcher` unless it names others). */
export function eventListKeys(surface: ConfigHookSurface): { event: string; matcher: string } {
  return surface.itemKeys ?? { event: "event", matcher: "matcher" };
}

/**
 * One hook entry in the surface's shape for native event `native`: a flat
 * entry, a `{matcher, hooks:[…]}` group, or (event-list) a flat entry
 * naming its native event.
 */
export function hookItem(
  surface: ConfigHookSurface,
  command: string,
  matcher: string | undefined,
  native?: string,
): Record<string, unknown> {
  const handler = surface.handler(command);
  if (surface.layout === "event-list") {
    const keys = eventListKeys(surface);
    return {
      ...(native === undefined ? {} : surface.itemHead?.(native, command)),
      [keys.event]: native,
      ...(matcher === undefined ? {} : { [keys.matcher]: matcher }),
      ...handler,
    };
  }
  const flat = native !== undefined && surface.flatEvents?.includes(native);
  if (surface.layout === "flat-entries" || flat) {
    return matcher === undefined ? handler : { ...handler, matcher };
  }
  return matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
}

function itemPlace(
  input: SurfaceInput,
  file: string,
  nativeName: string,
  label = `hook ${nativeName}`,
): ItemPlace {
  const surface = input.adapter.hooks as ConfigHookSurface;
  if (surface.layout === "event-list") {
    // One array for every event: our item of this event is the one naming it.
    return {
      platform: input.adapter.id,
      file,
      format: surface.format,
      at: surface.at,
      match: (item) =>
        isOurHookItem(item, input.connectorId) &&
        (item as Record<string, unknown>)[eventListKeys(surface).event] === nativeName,
      key: `hook:${input.connectorId}:${nativeName}`,
      label,
    };
  }
  return {
    platform: input.adapter.id,
    file,
    format: surface.format,
    at: [...surface.at, nativeName],
    match: (item) => isOurHookItem(item, input.connectorId),
    key: `hook:${input.connectorId}`,
    label,
  };
}

/** Native event names whose arrays hold one of our items now. */
async function ourEventsOnDisk(input: SurfaceInput, file: string): Promise<string[]> {
  const surface = input.adapter.hooks as ConfigHookSurface;
  const map = valueAt(await readStructured(input.ctx.probe, file, surface.format), surface.at);
  if (surface.layout === "event-list") {
    if (!Array.isArray(map)) return [];
    const names = map.filter((i) => isOurHookItem(i, input.connectorId))
      .map((i) => (i as Record<string, unknown>)[eventListKeys(surface).event])
      .filter((e): e is string => typeof e === "string");
    return [...new Set(names)];
  }
  if (!map || typeof map !== "object") return [];
  return Object.entries(map as Record<string, unknown>)
    .filter(([, list]) =>
      Array.isArray(list) && list.some((i) => isOurHookItem(i, input.connectorId))
    )
    .map(([name]) => name);
}

/**
 * The declared events the host fires, each with its one record's label
 * (naming the host's event when it differs, and how, when it only
 * approximates ours); a `!` for each event the host cannot fire.
 */
function declaredHookEvents(
  input: SurfaceInput,
  plan: PlanPart,
  file: string,
  events: HookEventName[],
): DeclaredHook[] {
  const out: DeclaredHook[] = [];
  const surface = input.adapter.hooks!;
  const hooks = effectiveHooks(input.connector!, input.adapter.id);
  for (const event of events) {
    const spec = surface.events[event];
    if (!spec) {
      plan.notes.push(
        note(
          input,
          "warn",
          `hook ${event}: not installed — ${
            surface.unfired?.[event] ?? `${input.adapter.name} has no ${event} event`
          }`,
          file,
        ),
      );
      continue;
    }
    const label = spec.name === event
      ? `hook ${event}`
      : `hook ${event} (as ${spec.name}${spec.approx ? `, ${spec.approx}` : ""})`;
    out.push({ event, spec, matcher: hooks[event]?.matcher, label });
  }
  return out;
}

function nativesSkipped(input: SurfaceInput, file: string) {
  const count = Object.keys(effectiveNativeHooks(input.connector!, input.adapter.id)).length;
  return note(
    input,
    "warn",
    `native hooks: ${count} skipped — ${input.adapter.name} takes no native hook events`,
    file,
  );
}

/** Plans the hook entries of one host. */
export async function planHooks(input: SurfaceInput): Promise<PlanPart> {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  if (!connector) return plan;
  const surface = adapter.hooks;
  const file = scopePath(surface?.paths, ctx.scope, ctx);
  const disabled = surfaceDisabled(connector, adapter.id, "hooks");
  const events: HookEventName[] = disabled ? [] : effectiveHookEvents(connector, adapter.id);
  const natives = Object.entries(effectiveNativeHooks(connector, adapter.id));
  if (disabled && connector.hookEvents.length) {
    plan.notes.push(note(input, "skip", `hooks: disabled by platforms["${adapter.id}"].hooks`));
  }
  if (!surface || !file) {
    const why = !surface
      ? `${adapter.name} has no command hooks (${adapter.paradigm})`
      : `${adapter.name} has no ${ctx.scope}-scope hook file`;
    for (const e of events) {
      plan.notes.push(note(input, "warn", `hook ${e}: not installed — ${why}`));
    }
    if (natives.length) {
      plan.notes.push(note(input, "warn", `native hooks: ${natives.length} skipped — ${why}`));
    }
    return plan;
  }
  const declared = declaredHookEvents(input, plan, file, events);
  if (!isConfigHookSurface(surface)) {
    if (natives.length && !surface.nativeHooks) plan.notes.push(nativesSkipped(input, file));
    return planHookFiles(input, surface, hookFolders(input), declared, plan);
  }
  const written = new Set<string>();
  const header = await planHookHeader(input, file);
  if (declared.length || (natives.length && surface.nativeHooks)) {
    plan.edits.push(...header.edits);
    plan.notes.push(...header.notes);
  }
  for (const d of declared) {
    const matcher = d.spec.matcher ? renderMatcher(d.matcher, surface.matchers) : undefined;
    const command = hookCommand(ctx.homeBin, ctx.os, adapter.id, d.event, input.connectorId);
    // One record per event; a native event it also runs on (Windsurf's
    // pre_* hooks) gets its own, labelled by the native name.
    for (const name of nativeNames(d.spec)) {
      const label = name === d.spec.name ? d.label : `hook ${name} (${d.event})`;
      plan.edits.push(
        itemSet(itemPlace(input, file, name, label), hookItem(surface, command, matcher, name)),
      );
      written.add(name);
    }
  }
  if (natives.length && !surface.nativeHooks) {
    plan.notes.push(nativesSkipped(input, file));
  } else {
    for (const [name, def] of natives) {
      const command = hookCommand(ctx.homeBin, ctx.os, adapter.id, name, input.connectorId);
      const matcher = def.matcher ? def.matcher : undefined; // native matchers are written verbatim
      plan.edits.push(
        itemSet(itemPlace(input, file, name), hookItem(surface, command, matcher, name)),
      );
      written.add(name);
    }
  }
  planUsageHook(input, surface, file, written, plan);
  for (const stale of await ourEventsOnDisk(input, file)) {
    if (!written.has(stale)) plan.edits.push(itemRemove(itemPlace(input, file, stale)));
  }
  return plan;
}

/** True when the connector asks for host-native turn usage (spec §2.7, §5). */
export function wantsHostNativeUsage(input: SurfaceInput): boolean {
  const telemetry = input.connector?.telemetry;
  if (!telemetry || telemetry.enabled === false) return false;
  if (input.ctx.env.AGENT_CONNECTOR_TELEMETRY === "0") return false;
  return telemetry.hostNativeUsage || input.ctx.env.AGENT_CONNECTOR_HOST_NATIVE === "1";
}

/**
 * The opt-in host-native usage hook: `usage-event` on the host's usage event
 * (Gemini's AfterModel). Left out (and removed when present) unless asked
 * for; a native hook the connector declares on the same event wins.
 */
function planUsageHook(
  input: SurfaceInput,
  surface: ConfigHookSurface,
  file: string,
  written: Set<string>,
  plan: PlanPart,
): void {
  const event = surface.hostNativeUsage?.event;
  if (!event || !wantsHostNativeUsage(input)) return;
  if (written.has(event)) {
    plan.notes.push(
      note(
        input,
        "warn",
        `host-native usage: not installed — nativeHooks.${event} already uses ${event}`,
        file,
      ),
    );
    return;
  }
  const { ctx, adapter } = input;
  const command = usageEventCommand(ctx.homeBin, ctx.os, adapter.id, input.connectorId);
  plan.edits.push(
    itemSet(
      itemPlace(input, file, event, `host-native usage (${event})`),
      hookItem(surface, command, undefined, event),
    ),
  );
  written.add(event);
}

/** The folders of a file-based hook surface in the input's scope. */
function hookFolders(input: SurfaceInput): HookFolders {
  const paths = input.adapter.hooks?.paths;
  return {
    dirs: scopeTargets(paths, input.ctx.scope, input.ctx),
    places: scopePlaces(paths, input.ctx.scope, input.ctx),
  };
}

/** Plans the removal of every hook entry of the connector (no module needed). */
export async function unplanHooks(input: SurfaceInput): Promise<PlanPart> {
  const plan = emptyPlan();
  const surface = input.adapter.hooks;
  const file = scopePath(surface?.paths, input.ctx.scope, input.ctx);
  if (!surface || !file) return plan;
  if (!isConfigHookSurface(surface)) return unplanHookFiles(input, hookFolders(input), surface);
  for (const name of await ourEventsOnDisk(input, file)) {
    plan.edits.push(itemRemove(itemPlace(input, file, name)));
  }
  plan.edits.push(
    ...await unplanHookHeader(input, file, (item) => isOurHookItem(item, input.connectorId)),
  );
  return plan;
}
