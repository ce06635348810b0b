/**
 * The host files a reader may look at while it lists its sources, besides
 * walking folders (`SourceLister`): whether a path exists, a file's text, a
 * folder's entries, through `leanFs` (edge/node_fs.ts), which picks the
 * runtime's cheapest file API.
 *
 * @module
 */

import { leanFs } from "../edge/node_fs.ts";
import { type DirListing, listNames } from "./_walk.ts";

/** Whether `path` exists (following symlinks). */
export function probeExists(path: string): boolean {
  return leanFs.exists(path);
}

/** A host file's text; throws the OS error (with its `code`) when it cannot be read. */
export function probeText(path: string): string {
  return leanFs.readText(path);
}

/** A folder's entries: undefined when missing, throws when unreadable (`_walk.ts` `listNames`). */
export function probeNames(path: string): DirListing | undefined {
  return listNames(path);
}
