/**
 * The actions surface at install (spec §2.6). A host with an action surface
 * (`adapter.actions`: Zed's tasks, Hermes's quick commands) gets one entry
 * per action that runs
 * `agent-connector action <host> <actionId> --connector <id>` through the
 * home binary; entries of actions the connector no longer declares are
 * removed. A host whose generated plugin offers them as commands (pi's
 * `registerCommand`) gets one `=` record per action. Elsewhere each declared
 * action is one `!` record naming the host
 * and the dispatch command that runs it anyway — never dropped silently.
 *
 * @module
 */

import type { ActionSurface } from "../adapters/action_surface.ts";
import { scopePath } from "../adapters/descriptor.ts";
import { shellLine } from "../adapters/render/command_line.ts";
import { actionFile, actionFileRemovals } from "./_action_files.ts";
import {
  type EntryPlace,
  entryRemove,
  entrySet,
  type ItemPlace,
  itemRemove,
  itemSet,
} from "./_entry_edits.ts";
import { readStructured, valueAt } from "./_read_structured.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** A command line's `action <host> <actionId> --connector <id>` tail (keyed entries). */
const ACTION_LINE = /(?:^|\s)action\s+\S+\s+([a-z0-9][a-z0-9-]*)\s+--connector\s+(\S+)\s*$/;

/** The action id of `item` when it is an entry we wrote for connector `connectorId`. */
export function ourActionId(item: unknown, connectorId: string): string | undefined {
  const entry = item as { args?: unknown; command?: unknown } | undefined;
  const args = entry?.args;
  if (!Array.isArray(args)) {
    const hit = typeof entry?.command === "string" ? entry.command.match(ACTION_LINE) : null;
    return hit && hit[2] === connectorId ? hit[1] : undefined;
  }
  if (args[0] !== "action" || typeof args[2] !== "string") return undefined;
  const at = args.indexOf("--connector");
  return at > 2 && args[at + 1] === connectorId ? args[2] : undefined;
}

/** The map entry of a keyed surface, under `name`. */
function keyedPlace(
  input: SurfaceInput,
  surface: ActionSurface,
  file: string,
  name: string,
  id: string,
): EntryPlace {
  return {
    platform: input.adapter.id,
    file,
    format: surface.format,
    at: surface.at,
    key: name,
    label: `action ${id}`,
    adopt: (current) => ourActionId(current, input.connectorId) === id,
  };
}

function place(input: SurfaceInput, surface: ActionSurface, file: string, id: string): ItemPlace {
  return {
    platform: input.adapter.id,
    file,
    format: surface.format,
    at: surface.at,
    match: (item) => ourActionId(item, input.connectorId) === id,
    key: `action:${input.connectorId}:${id}`,
    label: `action ${id}`,
  };
}

/** Our entries in `file` now: each action id with its map key (keyed surfaces). */
async function actionsOnDisk(
  input: SurfaceInput,
  surface: ActionSurface,
  file: string,
): Promise<{ id: string; name?: string }[]> {
  const found = valueAt(await readStructured(input.ctx.probe, file, surface.format), surface.at);
  if (surface.keyed) {
    if (!found || typeof found !== "object" || Array.isArray(found)) return [];
    return Object.entries(found).flatMap(([name, value]) => {
      const id = ourActionId(value, input.connectorId);
      return id === undefined ? [] : [{ id, name }];
    });
  }
  if (!Array.isArray(found)) return [];
  const ids = found.map((item) => ourActionId(item, input.connectorId));
  return [...new Set(ids.filter((id): id is string => id !== undefined))].map((id) => ({ id }));
}

/** The edit removing one entry found on disk. */
function removeFound(
  input: SurfaceInput,
  surface: ActionSurface,
  file: string,
  found: { id: string; name?: string },
) {
  return found.name !== undefined
    ? entryRemove(keyedPlace(input, surface, file, found.name, found.id))
    : itemRemove(place(input, surface, file, found.id));
}

/** Plans the actions of one host: an entry per action, or a `!` per action the host cannot show. */
export async function planActions(input: SurfaceInput): Promise<PlanPart> {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  if (!connector) return plan;
  const surface = adapter.actions;
  const file = scopePath(surface?.paths, ctx.scope, ctx);
  const hooks = adapter.hooks;
  const byPlugin = !surface && hooks?.layout === "plugin-module" && Boolean(hooks.actionCommands);
  // The host's plugin registers them (plan_hook_files.ts), where it has a plugin folder.
  if (byPlugin && scopePath(hooks!.paths, ctx.scope, ctx)) return plan;
  if (!surface || !file) {
    const why = surface
      ? `${adapter.name} has no ${ctx.scope}-scope action file`
      : byPlugin
      ? `${adapter.name} has no ${ctx.scope}-scope plugin folder`
      : `${adapter.name} has no verified action trigger`;
    for (const action of connector.actions) {
      plan.notes.push(note(
        input,
        "warn",
        `action ${action.id}: not installed — ${why}; run \`agent-connector action ${adapter.id} ${action.id} --connector ${input.connectorId}\``,
      ));
    }
    return plan;
  }
  const written = new Set<string>();
  const files = new Set<string>();
  for (const action of connector.actions) {
    const over = action.hosts?.[adapter.id];
    const label = `${connector.displayName}: ${
      over?.label ?? action.label ?? action.description ?? action.id
    }`;
    const args = ["action", adapter.id, action.id, "--connector", input.connectorId];
    const commandLine = shellLine(ctx.homeBin, ctx.os, args);
    const description = over?.description ?? action.description;
    const entry = surface.render({
      id: action.id,
      label,
      command: ctx.homeBin,
      args,
      commandLine,
      ...(description ? { description } : {}),
    });
    if (surface.file) {
      const edit = actionFile(input, surface, file, action.id, entry);
      files.add(edit.file);
      plan.edits.push(edit);
      continue;
    }
    if (typeof entry === "string") {
      throw new TypeError(`${adapter.name}: an action entry in a shared file must be a document`);
    }
    const name = surface.keyed?.(input.connectorId, action.id);
    plan.edits.push(
      name !== undefined
        ? entrySet(keyedPlace(input, surface, file, name, action.id), entry)
        : itemSet(place(input, surface, file, action.id), entry),
    );
    written.add(name ?? action.id);
  }
  if (surface.file) {
    plan.edits.push(...actionFileRemovals(input, surface, file, files, true));
    return plan;
  }
  for (const found of await actionsOnDisk(input, surface, file)) {
    if (!written.has(found.name ?? found.id)) {
      plan.edits.push(removeFound(input, surface, file, found));
    }
  }
  return plan;
}

/** Plans the removal of every action entry of the connector (no module needed). */
export async function unplanActions(input: SurfaceInput): Promise<PlanPart> {
  const plan = emptyPlan();
  const surface = input.adapter.actions;
  const file = scopePath(surface?.paths, input.ctx.scope, input.ctx);
  if (!surface || !file) return plan;
  if (surface.file) {
    plan.edits.push(...actionFileRemovals(input, surface, file, new Set(), false));
    return plan;
  }
  for (const found of await actionsOnDisk(input, surface, file)) {
    plan.edits.push(removeFound(input, surface, file, found));
  }
  return plan;
}
