/**
 * Finds a folder's project key (core/project_key.ts) by reading git's files
 * directly — never by spawning git: walk up to the nearest `.git` (a folder,
 * or a file pointing at a worktree's git dir, whose `commondir` leads to the
 * shared config), read `config`, take its remote. The walk itself is
 * io/git_walk.ts; this module runs it over `node:fs`.
 *
 * @module
 */

import { readFileSync, statSync } from "node:fs";
import process from "node:process";
import { findProjectIdentityWith, type GitWalkFs, type ProjectIdentity } from "./git_walk.ts";
import { type OsName, osName } from "./machine_env.ts";

export type { ProjectIdentity } from "./git_walk.ts";

const NODE_FS: GitWalkFs = {
  os: osName(),
  readText(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  kind(path) {
    try {
      const stat = statSync(path);
      return stat.isFile() ? "file" : stat.isDirectory() ? "dir" : "other";
    } catch {
      return undefined;
    }
  },
  cwd: () => process.cwd(),
};

/**
 * Computes the project key of `dir`: the hash of its repository's remote
 * when it has one, else of the repository root's path, else of `dir` itself.
 * Never throws.
 */
export function findProjectIdentity(dir: string, os: OsName): ProjectIdentity {
  return findProjectIdentityWith(dir, os, NODE_FS);
}
