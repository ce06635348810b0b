/**
 * Whole files a connector owns in a folder (content files, hook scripts,
 * plugin modules), read from the ownership ledger, and the edits that take
 * away the ones no longer rendered.
 *
 * @module
 */

import { isInside } from "../adapters/paths.ts";
import type { PlannedEdit as Edit, SurfaceInput } from "./_plan_types.ts";
import { isClaim } from "./_claims.ts";

/**
 * Files this host claims in this scope below `dir` (each once: a file is
 * claimed per host and scope, see `_claims.ts`).
 */
export function ownedFilesIn(input: SurfaceInput, dir: string): string[] {
  const me = { platform: input.adapter.id, scope: input.ctx.scope };
  const files = input.ledgers.owned.records
    .filter((r) => r.kind === "file" && isClaim(r, me) && isInside(r.file, dir, input.ctx.os))
    .map((r) => r.file);
  return [...new Set(files)];
}

/**
 * Removal edits for owned files below `dir` not in `keep`, deepest first (a
 * stable order). `stale`: an install or upgrade is removing what it no
 * longer renders, not an uninstall (`FileRemoveEdit.stale`).
 */
export function ownedFileRemovals(
  input: SurfaceInput,
  dir: string,
  keep: Set<string>,
  label: string,
  stale = false,
): Edit[] {
  const depth = (f: string) => f.split(/[\\/]/).length;
  const files = ownedFilesIn(input, dir).filter((f) => !keep.has(f));
  return files.sort((a, b) => depth(b) - depth(a) || a.localeCompare(b)).map((file) => ({
    op: "file.remove",
    platform: input.adapter.id,
    file,
    label,
    ...(stale ? { stale } : {}),
  }));
}
