/**
 * Finds a folder's project key (core/project_key.ts) by reading git's files
 * directly — never by spawning git: walk up to the nearest `.git` (a folder,
 * or a file pointing at a worktree's git dir, whose `commondir` leads to the
 * shared config), read `config`, take its remote.
 *
 * @module
 */

import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { projectKeyOf, remoteUrlFromGitConfig } from "../core/project_key.ts";
import type { OsName } from "./host_env.ts";

/** Where a project's identity came from. */
export interface ProjectIdentity {
  /** The key stored in telemetry rows. */
  projectKey: string;
  /** The repository root, when the folder is inside one. */
  root?: string;
}

/** Returns the git config file governing `gitDir` (following a worktree's `commondir`). */
function configOf(gitDir: string): string {
  try {
    const common = readFileSync(join(gitDir, "commondir"), "utf8").trim();
    if (common) return join(isAbsolute(common) ? common : resolve(gitDir, common), "config");
  } catch { /* not a worktree */ }
  return join(gitDir, "config");
}

/** The git dir a `.git` entry in `dir` stands for, if any. */
function gitDirIn(dir: string): string | undefined {
  const dotGit = join(dir, ".git");
  try {
    const stat = statSync(dotGit);
    if (stat.isDirectory()) return dotGit;
    if (stat.isFile()) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
      if (m) return isAbsolute(m[1]) ? m[1] : resolve(dir, m[1]);
    }
  } catch { /* none here */ }
  return undefined;
}

/**
 * Computes the project key of `dir`: the hash of its repository's remote
 * when it has one, else of the repository root's path, else of `dir` itself.
 * Never throws.
 */
export function findProjectIdentity(dir: string, os: OsName): ProjectIdentity {
  let at = resolve(dir);
  for (;;) {
    const gitDir = gitDirIn(at);
    if (gitDir) {
      let url: string | undefined;
      try {
        url = remoteUrlFromGitConfig(readFileSync(configOf(gitDir), "utf8"));
      } catch { /* unreadable config: fall back to the path */ }
      return {
        projectKey: url ? projectKeyOf({ remoteUrl: url }) : projectKeyOf({ path: at, os }),
        root: at,
      };
    }
    const parent = dirname(at);
    if (parent === at) return { projectKey: projectKeyOf({ path: resolve(dir), os }) };
    at = parent;
  }
}
