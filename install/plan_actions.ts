/**
 * The actions surface at install (spec §2.6). A host with an action surface
 * (`adapter.actions`: Zed's tasks) gets one entry per action that runs
 * `agent-connector action <host> <actionId> --connector <id>` through the
 * home binary; entries of actions the connector no longer declares are
 * removed. Elsewhere each declared action is one `!` record naming the host
 * and the dispatch command that runs it anyway — never dropped silently.
 *
 * @module
 */

import type { ActionSurface } from "../adapters/action_surface.ts";
import { scopePath } from "../adapters/descriptor.ts";
import { type ItemPlace, itemRemove, itemSet } from "./_entry_edits.ts";
import { readStructured, valueAt } from "./_read_structured.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** The action id of `item` when it is an entry we wrote for connector `connectorId`. */
export function ourActionId(item: unknown, connectorId: string): string | undefined {
  const args = (item as { args?: unknown } | undefined)?.args;
  if (!Array.isArray(args) || args[0] !== "action" || typeof args[2] !== "string") return undefined;
  const at = args.indexOf("--connector");
  return at > 2 && args[at + 1] === connectorId ? args[2] : undefined;
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

/** Ids of the actions whose entries are in `file` now. */
async function actionsOnDisk(
  input: SurfaceInput,
  surface: ActionSurface,
  file: string,
): Promise<string[]> {
  const list = valueAt(await readStructured(input.ctx.probe, file, surface.format), surface.at);
  if (!Array.isArray(list)) return [];
  const ids = list.map((item) => ourActionId(item, input.connectorId));
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** Plans the actions of one host: an entry per action, or a `!` per action the host cannot show. */
export async function planActions(input: SurfaceInput): Promise<PlanPart> {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  if (!connector) return plan;
  const surface = adapter.actions;
  const file = scopePath(surface?.paths, ctx.scope, ctx);
  const hooks = adapter.hooks;
  const byPlugin = !surface && hooks?.layout === "plugin-module" && Boolean(hooks.actions);
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
  for (const action of connector.actions) {
    const over = action.hosts?.[adapter.id];
    const label = `${connector.displayName}: ${
      over?.label ?? action.label ?? action.description ?? action.id
    }`;
    const args = ["action", adapter.id, action.id, "--connector", input.connectorId];
    plan.edits.push(
      itemSet(
        place(input, surface, file, action.id),
        surface.render({ id: action.id, label, command: ctx.homeBin, args }),
      ),
    );
    written.add(action.id);
  }
  for (const stale of await actionsOnDisk(input, surface, file)) {
    if (!written.has(stale)) plan.edits.push(itemRemove(place(input, surface, file, stale)));
  }
  return plan;
}

/** Plans the removal of every action entry of the connector (no module needed). */
export async function unplanActions(input: SurfaceInput): Promise<PlanPart> {
  const plan = emptyPlan();
  const surface = input.adapter.actions;
  const file = scopePath(surface?.paths, input.ctx.scope, input.ctx);
  if (!surface || !file) return plan;
  for (const id of await actionsOnDisk(input, surface, file)) {
    plan.edits.push(itemRemove(place(input, surface, file, id)));
  }
  return plan;
}
