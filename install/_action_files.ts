/**
 * Actions written as one whole file each (`ActionSurface.file`: Kiro's
 * `.kiro/hooks/<connector>-<action>.kiro.hook`). The files are ours
 * entirely (engine `file.set`, claimed in the ownership ledger); a file of
 * an action the connector no longer declares goes away, and uninstall takes
 * every one the ledger says we wrote. Only files named the surface's way for
 * this connector are touched.
 *
 * @module
 */

import type { ActionSurface } from "../adapters/action_surface.ts";
import { scopePath } from "../adapters/descriptor.ts";
import { pathApi } from "../adapters/paths.ts";
import { freshYamlDocument } from "../core/yaml_fresh.ts";
import type { PlannedEdit } from "./_plan_types.ts";
import type { SurfaceInput } from "./_plan_types.ts";
import { ownedFilesIn } from "./_owned_files.ts";

/** The action id of `file` when its name is the surface's name of one of our actions. */
function actionOfFile(
  input: SurfaceInput,
  surface: ActionSurface,
  file: string,
): string | undefined {
  const [head, tail] = surface.file!(input.connectorId, "\0").split("\0");
  const name = pathApi(input.ctx.os).basename(file);
  if (!name.startsWith(head) || !name.endsWith(tail) || name.length <= head.length + tail.length) {
    return undefined;
  }
  return name.slice(head.length, name.length - tail.length);
}

/**
 * True when `file` is named as one of this connector's action files in the
 * host's action folder — a folder another surface may share (Droid keeps
 * its script commands beside the command files), whose stale-file sweep
 * must leave it alone.
 */
export function isActionFile(input: SurfaceInput, file: string): boolean {
  const surface = input.adapter.actions;
  const dir = surface?.file ? scopePath(surface.paths, input.ctx.scope, input.ctx) : undefined;
  if (!surface || !dir || pathApi(input.ctx.os).dirname(file) !== dir) return false;
  return actionOfFile(input, surface, file) !== undefined;
}

/** Our action files in `dir` now, with their action ids. */
function ourFiles(input: SurfaceInput, surface: ActionSurface, dir: string) {
  return ownedFilesIn(input, dir).flatMap((file) => {
    const id = actionOfFile(input, surface, file);
    return id === undefined ? [] : [{ file, id }];
  });
}

/**
 * The text of an action file: a rendered text as it is; a document as YAML
 * where the surface is YAML and core/yaml_fresh.ts can render it, else as
 * JSON (which every YAML reader also reads).
 */
function fileText(surface: ActionSurface, entry: Record<string, unknown> | string): string {
  if (typeof entry === "string") return entry;
  const yaml = surface.format === "yaml" ? freshYamlDocument(entry) : undefined;
  return yaml ?? JSON.stringify(entry, null, 2) + "\n";
}

/** One action's file: its path and text. */
export function actionFile(
  input: SurfaceInput,
  surface: ActionSurface,
  dir: string,
  actionId: string,
  entry: Record<string, unknown> | string,
): PlannedEdit {
  return {
    op: "file.set",
    platform: input.adapter.id,
    file: pathApi(input.ctx.os).join(dir, surface.file!(input.connectorId, actionId)),
    content: fileText(surface, entry),
    label: `action ${actionId}`,
  };
}

/**
 * Removals of our action files in `dir` other than `keep` (`stale`: an
 * install dropping what it no longer renders; else an uninstall).
 */
export function actionFileRemovals(
  input: SurfaceInput,
  surface: ActionSurface,
  dir: string,
  keep: ReadonlySet<string>,
  stale: boolean,
): PlannedEdit[] {
  return ourFiles(input, surface, dir).filter(({ file }) => !keep.has(file)).map((
    { file, id },
  ) => ({
    op: "file.remove",
    platform: input.adapter.id,
    file,
    label: `action ${id}`,
    ...(stale ? { stale } : {}),
  }));
}
