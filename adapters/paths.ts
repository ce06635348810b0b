/**
 * A tiny path language for host descriptors. A host's files are facts ("the
 * user settings are `~/.claude/settings.json`, or under `$CLAUDE_CONFIG_DIR`
 * when set"); these helpers turn such facts into functions of a
 * {@link PathContext}, joined with the separator of the OS the context names —
 * so Windows paths are computed (and tested) on Linux.
 *
 * @example
 * ```ts
 * import { envDir, home, resolvePath } from "./paths.ts";
 * const claudeDir = envDir("CLAUDE_CONFIG_DIR", home(".claude"));
 * const settings = claudeDir.join("settings.json");
 * resolvePath(settings, { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" });
 * // "C:\\Users\\ann\\.claude\\settings.json"
 * ```
 *
 * @module
 */

import { posix, win32 } from "node:path";
import type { OsName } from "../io/host_env.ts";

/** What a path is computed from. */
export interface PathContext {
  /** The user's home directory. */
  home: string;
  /** The project directory (absolute). */
  projectDir: string;
  /** Environment variables (host home overrides such as `CLAUDE_CONFIG_DIR`). */
  env: Record<string, string | undefined>;
  /** The OS whose conventions apply. */
  os: OsName;
  /**
   * A read-only look at the disk, for paths that depend on what exists
   * ({@link firstExisting}); without one the first candidate is taken.
   */
  probe?: { exists(path: string): boolean; readText?(path: string): string | undefined };
}

/** A path as a function of the context, with `join` to descend into it. */
export interface PathFn {
  /** Computes the absolute path. */
  (ctx: PathContext): string;
  /** Returns the path of `segments` below this one. */
  join(...segments: string[]): PathFn;
}

/** The path module matching `os`. */
export function pathApi(os: OsName): typeof posix {
  return os === "win32" ? win32 : posix;
}

/** Wraps a plain function as a {@link PathFn}. */
export function pathFn(compute: (ctx: PathContext) => string): PathFn {
  const fn = ((ctx: PathContext) => compute(ctx)) as PathFn;
  fn.join = (...segments: string[]) =>
    pathFn((ctx) => pathApi(ctx.os).join(compute(ctx), ...segments));
  return fn;
}

/** A path below the home directory. */
export function home(...segments: string[]): PathFn {
  return pathFn((ctx) => pathApi(ctx.os).join(ctx.home, ...segments));
}

/** A path below the project directory. */
export function project(...segments: string[]): PathFn {
  return pathFn((ctx) => pathApi(ctx.os).join(ctx.projectDir, ...segments));
}

/**
 * A directory that an environment variable relocates (`CODEX_HOME`,
 * `CLAUDE_CONFIG_DIR`, …): the variable's value when set and non-empty,
 * else `fallback`.
 */
export function envDir(name: string, fallback: PathFn): PathFn {
  return pathFn((ctx) => {
    const value = ctx.env[name];
    return value ? pathApi(ctx.os).resolve(ctx.home, value) : fallback(ctx);
  });
}

/** A path that differs per OS. */
export function byOs(paths: Partial<Record<OsName, PathFn>> & { default: PathFn }): PathFn {
  return pathFn((ctx) => (paths[ctx.os] ?? paths.default)(ctx));
}

/**
 * The per-user application config folder: `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or `~/.config`
 * on Linux.
 */
export function appConfig(...segments: string[]): PathFn {
  return pathFn((ctx) => {
    const api = pathApi(ctx.os);
    let base: string;
    if (ctx.os === "win32") base = ctx.env.APPDATA || api.join(ctx.home, "AppData", "Roaming");
    else if (ctx.os === "darwin") base = api.join(ctx.home, "Library", "Application Support");
    else base = ctx.env.XDG_CONFIG_HOME || api.join(ctx.home, ".config");
    return api.join(base, ...segments);
  });
}

/**
 * The XDG config folder on every OS — `$XDG_CONFIG_HOME`, else `~/.config` —
 * for hosts built on xdg-basedir, which uses it on Windows and macOS too
 * (opencode).
 */
export function xdgConfig(...segments: string[]): PathFn {
  return pathFn((ctx) => {
    const api = pathApi(ctx.os);
    return api.join(ctx.env.XDG_CONFIG_HOME || api.join(ctx.home, ".config"), ...segments);
  });
}

/**
 * The first of `candidates` that exists, else the first candidate: a host
 * that reads `opencode.jsonc` or `opencode.json` gets its entry in the one
 * the user already has.
 */
export function firstExisting(...candidates: PathFn[]): PathFn {
  return pathFn((ctx) => {
    const paths = candidates.map((c) => c(ctx));
    return paths.find((p) => ctx.probe?.exists(p)) ?? paths[0];
  });
}

/** Computes `path` for `ctx`. */
export function resolvePath(path: PathFn, ctx: PathContext): string {
  return path(ctx);
}

/** True when `path` is `dir` or below it, for the context's OS. */
export function isInside(path: string, dir: string, os: OsName): boolean {
  const api = pathApi(os);
  const rel = api.relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !api.isAbsolute(rel));
}
