/**
 * The project-key walk of io/git_project.ts with its file access passed in,
 * so the hook runtime computes a telemetry row's key through `leanIo` without
 * `node:fs` or `node:path` (each costs a cold Deno hook tens of milliseconds
 * of Node compatibility). `findProjectIdentity` is this walk over `node:fs`;
 * one implementation, so both give the same key.
 *
 * @example
 * ```ts ignore
 * import { findProjectIdentityWith } from "./git_walk.ts";
 * const io = await leanIo();
 * findProjectIdentityWith(payload.cwd, "linux", io).projectKey; // "git:…" or "path:…"
 * ```
 *
 * @module
 */

import { isAbsolutePath, parentPath, resolvePath } from "../core/_abs_path.ts";
import { projectKeyOf, remoteUrlFromGitConfig } from "../core/project_key.ts";
import type { OsName } from "./machine_env.ts";

/** Where a project's identity came from. */
export interface ProjectIdentity {
  /** The key stored in telemetry rows. */
  projectKey: string;
  /** The repository root, when the folder is inside one. */
  root?: string;
}

/** The file access the walk needs. */
export interface GitWalkFs {
  /** The OS whose path rules apply (the running one). */
  os: OsName;
  /** A file's text, or undefined. */
  readText(path: string): string | undefined;
  /** What `path` is, or undefined when it cannot be stat'ed. */
  kind(path: string): "file" | "dir" | "other" | undefined;
  /** The working directory, against which a relative `dir` resolves. */
  cwd(): string;
  /**
   * A folder's entry names, or undefined when it cannot be listed. Optional:
   * where a failed read costs more than a listing (Deno builds and throws an
   * error object, dear on a cold start; bench/README.md), the walk lists a
   * `.git` folder once
   * instead of trying to read a `commondir` that only worktrees have.
   */
  names?(path: string): string[] | undefined;
}

/** `name` inside `dir`, normalized as `node:path`'s `join` would. */
function joinIn(fs: GitWalkFs, dir: string, name: string): string {
  return resolvePath(name, fs.os, () => dir);
}

/**
 * The git config file governing `gitDir` (following a worktree's
 * `commondir`). `listed`: the git dir is a `.git` folder, whose listing (when
 * `fs` gives one) tells whether there is a `commondir` to read at all.
 */
function configOf(fs: GitWalkFs, gitDir: string, listed: boolean): string {
  const names = listed ? fs.names?.(gitDir) : undefined;
  const common = names && !names.includes("commondir")
    ? undefined
    : fs.readText(joinIn(fs, gitDir, "commondir"))?.trim();
  if (common) {
    const base = isAbsolutePath(common, fs.os) ? common : joinIn(fs, gitDir, common);
    return joinIn(fs, base, "config");
  }
  return joinIn(fs, gitDir, "config");
}

/** The git dir a `.git` entry in `dir` stands for, if any; `folder`: it is a `.git` folder. */
function gitDirIn(fs: GitWalkFs, dir: string): { path: string; folder: boolean } | undefined {
  const dotGit = joinIn(fs, dir, ".git");
  const kind = fs.kind(dotGit);
  if (kind === "dir") return { path: dotGit, folder: true };
  if (kind === "file") {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(fs.readText(dotGit) ?? "");
    if (m) {
      return { path: isAbsolutePath(m[1], fs.os) ? m[1] : joinIn(fs, dir, m[1]), folder: false };
    }
  }
  return undefined;
}

/**
 * Computes the project key of `dir`: the hash of its repository's remote
 * when it has one, else of the repository root's path, else of `dir` itself.
 * `os` names the path normalization of the key. Never throws.
 */
export function findProjectIdentityWith(dir: string, os: OsName, fs: GitWalkFs): ProjectIdentity {
  const start = resolvePath(dir, fs.os, fs.cwd);
  let at = start;
  for (;;) {
    const gitDir = gitDirIn(fs, at);
    if (gitDir) {
      const text = fs.readText(configOf(fs, gitDir.path, gitDir.folder));
      const url = text === undefined ? undefined : remoteUrlFromGitConfig(text);
      return {
        projectKey: url ? projectKeyOf({ remoteUrl: url }) : projectKeyOf({ path: at, os }),
        root: at,
      };
    }
    const parent = parentPath(at, fs.os);
    if (parent === at) return { projectKey: projectKeyOf({ path: start, os }) };
    at = parent;
  }
}
