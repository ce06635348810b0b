/**
 * Lists log files under a host's roots for readers ({@link SourceLister}).
 * Missing roots are normal (the host is not installed); a folder that exists
 * but cannot be read is reported once and skipped.
 *
 * @module
 */

import { type Dirent, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourceLister, UsageSource } from "./reader.ts";

/** Creates a lister that sends unreadable paths to `problem`. */
export function createLister(problem: (path: string, message: string) => void): SourceLister {
  return {
    problem,
    files(roots, options) {
      const out: UsageSource[] = [];
      for (const root of roots) {
        const found: string[] = [];
        walk(root, root, options.ext, found, problem, true);
        found.sort();
        for (const path of found) {
          const rel = relative(root, path);
          if (options.filter && !options.filter(rel, root)) continue;
          out.push({
            path,
            format: path.endsWith(".jsonl") ? "jsonl" : path.endsWith(".json") ? "json" : "custom",
            meta: { root, rel },
          });
        }
      }
      return Promise.resolve(out);
    },
  };
}

function walk(
  dir: string,
  root: string,
  ext: readonly string[],
  out: string[],
  problem: (path: string, message: string) => void,
  isRoot: boolean,
): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (isRoot && (code === "ENOENT" || code === "ENOTDIR")) return;
    if (code === "ENOENT") return; // removed while we walked
    problem(dir, `cannot read this folder (${code ?? String(error)}); its logs were skipped`);
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(path, root, ext, out, problem, false);
    } else if (ext.some((e) => entry.name.endsWith(e))) {
      if (entry.isFile()) out.push(path);
      else if (entry.isSymbolicLink()) {
        try {
          if (statSync(path).isFile()) out.push(path);
        } catch { /* a dangling link holds no logs */ }
      }
    }
  }
}

/** Splits a comma list from an env override into trimmed non-empty paths. */
export function envList(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}
