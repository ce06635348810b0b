/**
 * Whole files a connector owns in a folder (content files, hook scripts,
 * plugin modules), read from the ownership ledger, and the edits that take
 * away the ones no longer rendered.
 *
 * @module
 */

import { isInside } from "../adapters/paths.ts";
import type { PlannedEdit as Edit, SurfaceInput } from "./_plan_types.ts";

/** Files this connector owns for this host below `dir`. */
export function ownedFilesIn(input: SurfaceInput, dir: string): string[] {
  return input.ledgers.owned.records
    .filter((r) =>
      r.platform === input.adapter.id && r.kind === "file" && isInside(r.file, dir, input.ctx.os)
    )
    .map((r) => r.file);
}

/** Removal edits for owned files below `dir` not in `keep`, deepest first (a stable order). */
export function ownedFileRemovals(
  input: SurfaceInput,
  dir: string,
  keep: Set<string>,
  label: string,
): Edit[] {
  const depth = (f: string) => f.split(/[\\/]/).length;
  const files = ownedFilesIn(input, dir).filter((f) => !keep.has(f));
  return files.sort((a, b) => depth(b) - depth(a) || a.localeCompare(b)).map((file) => ({
    op: "file.remove",
    platform: input.adapter.id,
    file,
    label,
  }));
}
