/**
 * Lists log files under a host's roots for readers ({@link SourceLister}).
 * Missing roots are normal (the host is not installed); a folder that exists
 * but cannot be read is reported once and skipped.
 *
 * @module
 */

import { normalize, sep } from "node:path";
import type { SourceLister, UsageSource } from "./reader.ts";
import { nodeFs } from "../edge/node_fs.ts";
import { denoReadDir } from "../edge/runtime_info.ts";

/**
 * A folder's entries: `names[i]` is a file (`f`), folder (`d`), symlink
 * (`l`), something else (`o`) or not known (`u`) by `kinds[i]`.
 */
export interface DirListing {
  /** Entry names, as the OS lists them. */
  names: string[];
  /** One kind letter per name. */
  kinds: string;
}

/**
 * Lists one folder: undefined when it is missing or not a folder; throws the
 * OS error (with its `code`) when it exists but cannot be read.
 */
export type ListDir = (path: string) => DirListing | undefined;

/**
 * Lists a folder: under Deno through its own API with kinds (no probing of
 * files as folders), elsewhere by name only (kinds unknown), which is what
 * costs Node least.
 */
export const listNames: ListDir = denoReadDir() ?? ((path) => {
  let names: string[];
  try {
    names = nodeFs().readdirSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  return { names, kinds: "u".repeat(names.length) };
});

/**
 * Creates a lister that sends unreadable paths to `problem`; folders are
 * read by `list` (default {@link listNames}).
 */
export function createLister(
  problem: (path: string, message: string) => void,
  list: ListDir = listNames,
): SourceLister {
  return {
    problem,
    files(roots, options) {
      const out: UsageSource[] = [];
      // Each real folder once per call, across its roots (see `walk`).
      const visited = new Set<string>();
      for (const root of roots) {
        if (!root) continue; // "" names no folder (normalized, it would be the cwd)
        const base = normalize(root);
        const cut = base.endsWith(sep) ? base.length : base.length + 1;
        const found: string[] = [];
        walk(base, options.ext, found, problem, 0, list, visited);
        found.sort();
        for (const path of found) {
          const source = sourceAt(path, root, cut);
          if (options.filter && !options.filter(source.meta!.rel, root)) continue;
          out.push(source);
        }
      }
      return Promise.resolve(out);
    },
  };
}

function sourceAt(path: string, root: string, cut: number): UsageSource {
  return {
    path,
    format: path.endsWith(".jsonl") ? "jsonl" : path.endsWith(".json") ? "json" : "custom",
    meta: { root, rel: path.slice(cut) },
  };
}

/** Folders deeper than this below a root are not walked. */
const MAX_DEPTH = 16;

/**
 * A folder's real path (symlinks resolved), or undefined when it cannot be
 * resolved (then it is walked as named).
 */
function realFolder(dir: string): string | undefined {
  try {
    return nodeFs().realpathSync.native(dir);
  } catch {
    return undefined;
  }
}

// A name with a wanted ending is taken as a file (the scan's stat drops
// anything else); any other name that is a folder, a symlink or of unknown
// kind is tried as a folder (a file answers ENOTDIR). Paths are joined by hand: `dir` is normalized and a name holds no
// separator, so `dir + sep + name` is what `join` gives, at a fraction of
// its cost over thousands of entries. Each real folder is walked once: a
// symlink back up the tree, or two links to one folder, would otherwise list
// the same files under many paths (a file's requests without an id are keyed
// by its path, so each path would count them again) and, with sibling loop
// links, walk 2^depth folders. A folder is known by its real path: a plain
// folder's (kind "d") is its parent's plus its name, with no system call;
// only roots, links and folders of unknown kind are resolved. (Two bind
// mounts of one folder are two folders here; only root can make those.)
function walk(
  dir: string,
  ext: readonly string[],
  out: string[],
  problem: (path: string, message: string) => void,
  depth: number,
  list: ListDir,
  visited: Set<string>,
  real?: string,
): void {
  let listing;
  try {
    listing = list(dir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return;
    problem(dir, `cannot read this folder (${code ?? String(error)}); its logs were skipped`);
    return;
  }
  if (!listing) return; // missing, or not a folder
  real ??= realFolder(dir);
  if (real !== undefined) {
    if (visited.has(real)) return;
    visited.add(real);
  }
  const realPrefix = real === undefined ? undefined : real.endsWith(sep) ? real : real + sep;
  const { names, kinds } = listing;
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  const folders: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (ext.some((e) => name.endsWith(e))) out.push(prefix + name);
    else if (depth < MAX_DEPTH && (kinds[i] === "d" || kinds[i] === "l" || kinds[i] === "u")) {
      folders.push(kinds[i] + name);
    }
  }
  // In name order, so the path a folder reached by two is listed under does
  // not depend on the order the OS lists entries in.
  folders.sort((a, b) => a.slice(1) < b.slice(1) ? -1 : 1);
  for (const entry of folders) {
    const name = entry.slice(1);
    const plain = entry[0] === "d" && realPrefix !== undefined;
    walk(
      prefix + name,
      ext,
      out,
      problem,
      depth + 1,
      list,
      visited,
      plain ? realPrefix + name : undefined,
    );
  }
}

/** Splits a comma list from an env override into trimmed non-empty paths. */
export function envList(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}
