/**
 * The content surfaces (spec §2.4): commands, skills and subagents as whole
 * files the connector owns. Files from an earlier version that are no longer
 * rendered are removed (the engine deletes only files we wrote).
 *
 * @module
 */

import type { CommandDef, SkillDef, SubagentDef } from "../core/connector_types.ts";
import { surfaceDisabled } from "../core/overrides.ts";
import { type FileSurface, scopePlaces, scopeTargets } from "../adapters/descriptor.ts";
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
 * Removal edits for the files we own in each of `dirs` but `keep`, deepest
 * files first (a stable order; the engine sweeps emptied folders either
 * way), each file once. `stale`: files install no longer renders. Action
 * files in the same folder are the actions surface's to keep or take.
 */
function removals(
  input: SurfaceInput,
  dirs: string[],
  keep: Set<string>,
  noun: string,
  stale = true,
): Edit[] {
  const seen = new Set<string>();
  return dirs.flatMap((dir) => {
    const actions = ownedFilesIn(input, dir).filter((f) => isActionFile(input, f));
    const all = new Set([...keep, ...actions, ...seen]);
    const edits = ownedFileRemovals(input, dir, all, `${noun} file`, stale);
    for (const e of edits) if (e.op === "file.remove") seen.add(e.file);
    return edits;
  });
}

function planOne(input: SurfaceInput, name: ContentName): PlanPart {
  const { adapter, ctx, connector } = input;
  const defs = defsOf(input, name);
  const plan = emptyPlan();
  const surface = surfaceOf(input, name);
  // Each folder the host's runtimes read (usually one); files of ours in
  // the surface's other places are an earlier install's, now stale.
  const dirs = scopeTargets(surface?.paths, ctx.scope, ctx);
  const places = scopePlaces(surface?.paths, ctx.scope, ctx);
  const noun = NOUN[name];
  if (connector && surfaceDisabled(connector, adapter.id, name)) {
    if (defs.length) {
      plan.notes.push(
        note(input, "skip", `${name}: disabled by platforms["${adapter.id}"].${name}`),
      );
    }
    plan.edits.push(...removals(input, places, new Set(), noun));
    return plan;
  }
  if (!defs.length) {
    plan.edits.push(...removals(input, places, new Set(), noun));
    return plan;
  }
  if (!surface || !dirs.length) {
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
    for (const dir of dirs) {
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
    }
    for (const d of rendered.dropped) {
      plan.notes.push(
        note(input, "warn", `${noun} ${def.name}: ${d.field} not written — ${d.reason}`, dirs[0]),
      );
    }
  }
  plan.edits.push(...removals(input, places, keep, noun));
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
    const places = scopePlaces(surfaceOf(input, name)?.paths, input.ctx.scope, input.ctx);
    plan.edits.push(...removals(input, places, new Set(), NOUN[name], false));
  }
  return plan;
}
