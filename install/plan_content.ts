/**
 * The content surfaces (spec §2.4): commands, skills and subagents as whole
 * files the connector owns. Files from an earlier version that are no longer
 * rendered are removed (the engine deletes only files we wrote).
 *
 * @module
 */

import type { CommandDef, SkillDef, SubagentDef } from "../core/connector_types.ts";
import { surfaceDisabled } from "../core/overrides.ts";
import { type FileSurface, scopePath } from "../adapters/descriptor.ts";
import { pathApi } from "../adapters/paths.ts";
import { ownedFileRemovals, ownedFilesIn } from "./_owned_files.ts";
import { isActionFile } from "./_action_files.ts";
import type { PlannedEdit as Edit } from "./_plan_types.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

type ContentName = "commands" | "skills" | "subagents";
const NOUN: Record<ContentName, string> = {
  commands: "command",
  skills: "skill",
  subagents: "subagent",
};

function defsOf(
  input: SurfaceInput,
  name: ContentName,
): Array<CommandDef | SkillDef | SubagentDef> {
  return input.connector?.[name] ?? [];
}

function surfaceOf(input: SurfaceInput, name: ContentName) {
  return input.adapter[name] as FileSurface<CommandDef | SkillDef | SubagentDef> | undefined;
}

/**
 * Removal edits, deepest files first (a stable order; the engine sweeps
 * emptied folders either way). `stale`: files install no longer renders.
 * Action files in the same folder are the actions surface's to keep or take.
 */
function removals(
  input: SurfaceInput,
  dir: string,
  keep: Set<string>,
  noun: string,
  stale = true,
): Edit[] {
  const actions = ownedFilesIn(input, dir).filter((f) => isActionFile(input, f));
  return ownedFileRemovals(input, dir, new Set([...keep, ...actions]), `${noun} file`, stale);
}

function planOne(input: SurfaceInput, name: ContentName): PlanPart {
  const { adapter, ctx, connector } = input;
  const defs = defsOf(input, name);
  const plan = emptyPlan();
  const surface = surfaceOf(input, name);
  const dir = scopePath(surface?.paths, ctx.scope, ctx);
  const noun = NOUN[name];
  if (connector && surfaceDisabled(connector, adapter.id, name)) {
    if (defs.length) {
      plan.notes.push(
        note(input, "skip", `${name}: disabled by platforms["${adapter.id}"].${name}`),
      );
    }
    if (dir) plan.edits.push(...removals(input, dir, new Set(), noun));
    return plan;
  }
  if (!defs.length) {
    if (dir) plan.edits.push(...removals(input, dir, new Set(), noun));
    return plan;
  }
  if (!surface || !dir) {
    const why = !surface
      ? `${adapter.name} has no ${noun} files`
      : `${adapter.name} has no ${ctx.scope}-scope ${name} folder`;
    plan.notes.push(note(input, "warn", `${name}: ${defs.length} not installed — ${why}`));
    return plan;
  }
  const api = pathApi(ctx.os);
  const keep = new Set<string>();
  for (const def of defs) {
    const rendered = surface.render(def);
    for (const [i, f] of rendered.files.entries()) {
      const file = api.join(dir, ...f.path.split("/"));
      keep.add(file);
      plan.edits.push({
        op: "file.set",
        platform: adapter.id,
        file,
        content: f.text,
        label: i === 0 ? `${noun} ${def.name}` : `${noun} ${def.name} resource ${f.path}`,
      });
    }
    for (const d of rendered.dropped) {
      plan.notes.push(
        note(input, "warn", `${noun} ${def.name}: ${d.field} not written — ${d.reason}`, dir),
      );
    }
  }
  plan.edits.push(...removals(input, dir, keep, noun));
  return plan;
}

/** Plans the command, skill and subagent files of one host. */
export function planContent(input: SurfaceInput): PlanPart {
  const parts = (["commands", "skills", "subagents"] as const).map((n) => planOne(input, n));
  return { edits: parts.flatMap((p) => p.edits), notes: parts.flatMap((p) => p.notes) };
}

/** Plans the removal of every content file the connector owns on this host and scope. */
export function unplanContent(input: SurfaceInput): PlanPart {
  const plan = emptyPlan();
  for (const name of ["commands", "skills", "subagents"] as const) {
    const dir = scopePath(surfaceOf(input, name)?.paths, input.ctx.scope, input.ctx);
    if (dir) plan.edits.push(...removals(input, dir, new Set(), NOUN[name], false));
  }
  return plan;
}
