/**
 * One host's whole plan, in the surface order of spec §3: server, hooks,
 * commands/skills/subagents, memory, status line, configPatch, then the
 * actions (entries, or `!` records). Uninstall
 * releases configPatch keys before the hooks of the same settings file and
 * removes memory blocks before the other content, then the files we own, then
 * entries in the shared config files. (Folders we created go with the last
 * file in them, in whatever order the files go: the engine sweeps them.)
 *
 * @module
 */

import { joinPlans, type PlanPart, type SurfaceInput } from "./_plan_types.ts";
import { planServer, unplanServer } from "./plan_server.ts";
import { planHooks, unplanHooks } from "./plan_hooks.ts";
import { planContent, unplanContent } from "./plan_content.ts";
import { planMemory, unplanMemory } from "./plan_memory.ts";
import { planConfigPatches, planStatusline, unplanPatches } from "./plan_patches.ts";
import { planActions, unplanActions } from "./plan_actions.ts";

/** Plans an install (or re-render) of the connector on one host and scope. */
export async function planInstall(input: SurfaceInput): Promise<PlanPart> {
  return joinPlans(
    planServer(input),
    await planHooks(input),
    planContent(input),
    planMemory(input),
    planStatusline(input),
    planConfigPatches(input),
    await planActions(input),
  );
}

/** Plans the removal of everything the connector wrote on one host and scope. */
export async function planUninstall(input: SurfaceInput): Promise<PlanPart> {
  return joinPlans(
    unplanMemory(input),
    unplanContent(input),
    unplanPatches(input),
    await unplanActions(input),
    await unplanHooks(input),
    unplanServer(input),
  );
}

export type { PlanPart, SurfaceInput } from "./_plan_types.ts";
