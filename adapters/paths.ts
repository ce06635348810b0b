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
import { type OsName, osName } from "../io/machine_env.ts";

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
  /**
   * Every place the path may name, first the one it computes: a usage
   * reader scans them all ({@link envDirs}, {@link anyOf}), and an
   * uninstall looks for our files in each.
   */
  all(ctx: PathContext): string[];
  /**
   * Every place an install writes, first the one it computes: more than
   * one where the host's runtimes each read their own copy
   * ({@link allOf}), each distinct place once.
   */
  targets(ctx: PathContext): string[];
}

/** The path module matching `os`. */
export function pathApi(os: OsName): typeof posix {
  return os === "win32" ? win32 : posix;
}

/**
 * Wraps a plain function as a {@link PathFn}; `every` lists all the places
 * it may name when that is more than the one it computes, `targets` all the
 * places an install writes when that is more than the one it computes.
 */
export function pathFn(
  compute: (ctx: PathContext) => string,
  every?: (ctx: PathContext) => string[],
  targets?: (ctx: PathContext) => string[],
): PathFn {
  const fn = ((ctx: PathContext) => compute(ctx)) as PathFn;
  fn.all = every ?? ((ctx) => [compute(ctx)]);
  fn.targets = targets ?? ((ctx) => [compute(ctx)]);
  fn.join = (...segments: string[]) => {
    const below = (list: (ctx: PathContext) => string[]) => (ctx: PathContext) =>
      list(ctx).map((p) => pathApi(ctx.os).join(p, ...segments));
    return pathFn(
      (ctx) => pathApi(ctx.os).join(compute(ctx), ...segments),
      below(fn.all),
      below(fn.targets),
    );
  };
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

/** How {@link envDir} reads its variable. */
export interface EnvDirOptions {
  /** Expands a leading `~` to the home directory, as the host's own loader does (Qwen Code). */
  tilde?: boolean;
}

/** The variable's value resolved against the home directory (`~` expanded when asked). */
function fromEnv(value: string, ctx: PathContext, options: EnvDirOptions): string {
  const tilde = options.tilde && /^~(?:[\\/]|$)/.test(value);
  return pathApi(ctx.os).resolve(ctx.home, tilde ? value.slice(2) || "." : value);
}

/**
 * A directory that an environment variable relocates (`CODEX_HOME`,
 * `CLAUDE_CONFIG_DIR`, …): the variable's value (relative to home) when set
 * and non-empty, else `fallback`.
 */
export function envDir(name: string, fallback: PathFn, options: EnvDirOptions = {}): PathFn {
  return pathFn((ctx) => {
    const value = ctx.env[name];
    return value ? fromEnv(value, ctx, options) : fallback(ctx);
  });
}

/**
 * Like {@link envDir}, for usage readers that accept a comma-separated list
 * of homes in the variable (ccusage's convention: `CLAUDE_CONFIG_DIR=a,b`):
 * {@link PathFn.all} names each entry, or every place of `fallback`.
 */
export function envDirs(name: string, fallback: PathFn, options: EnvDirOptions = {}): PathFn {
  const list = (ctx: PathContext) =>
    (ctx.env[name] ?? "").split(",").map((s) => s.trim()).filter(Boolean)
      .map((v) => fromEnv(v, ctx, options));
  return pathFn(
    (ctx) => list(ctx)[0] ?? fallback(ctx),
    (ctx) => {
      const dirs = list(ctx);
      return dirs.length ? dirs : fallback.all(ctx);
    },
  );
}

/**
 * The first of `candidates` where a path is computed, all of them where a
 * reader scans (Claude Code's logs under `~/.claude` and, from older
 * versions, `$XDG_CONFIG_HOME/claude`).
 */
export function anyOf(...candidates: PathFn[]): PathFn {
  return pathFn(
    (ctx) => candidates[0](ctx),
    (ctx) => [...new Set(candidates.flatMap((c) => c.all(ctx)))],
  );
}

/**
 * Every one of `places`, where a host's runtimes each read their own copy
 * of the same files (Cline's VS Code extension and its CLI each find their
 * own Documents folder): an install writes each distinct place, an
 * uninstall and a reader look in all of them; the first is the one the
 * path computes.
 */
export function allOf(...places: PathFn[]): PathFn {
  const distinct = (list: (p: PathFn) => string[]) => [...new Set(places.flatMap(list))];
  return pathFn(
    (ctx) => places[0](ctx),
    (ctx) => distinct((p) => p.all(ctx)),
    (ctx) => distinct((p) => p.targets(ctx)),
  );
}

/** A path that differs per OS. */
export function byOs(paths: Partial<Record<OsName, PathFn>> & { default: PathFn }): PathFn {
  const pick = (ctx: PathContext) => paths[ctx.os] ?? paths.default;
  return pathFn(
    (ctx) => pick(ctx)(ctx),
    (ctx) => pick(ctx).all(ctx),
    (ctx) => pick(ctx).targets(ctx),
  );
}

/** A folder an environment variable names, else the home-relative default. */
function envOrHome(name: string, ...fallback: string[]): (...segments: string[]) => PathFn {
  return (...segments) =>
    pathFn((ctx) => {
      const api = pathApi(ctx.os);
      return api.join(ctx.env[name] || api.join(ctx.home, ...fallback), ...segments);
    });
}

/**
 * The XDG config folder on every OS — `$XDG_CONFIG_HOME`, else `~/.config` —
 * for hosts built on xdg-basedir, which uses it on Windows and macOS too
 * (opencode).
 */
export const xdgConfig: (...segments: string[]) => PathFn = envOrHome(
  "XDG_CONFIG_HOME",
  ".config",
);

/** The XDG data folder: `$XDG_DATA_HOME`, else `~/.local/share`. */
export const xdgData: (...segments: string[]) => PathFn = envOrHome(
  "XDG_DATA_HOME",
  ".local",
  "share",
);

/** Windows' roaming application data: `%APPDATA%`, else `~/AppData/Roaming`. */
export const roamingAppData: (...segments: string[]) => PathFn = envOrHome(
  "APPDATA",
  "AppData",
  "Roaming",
);

/** Windows' local application data: `%LOCALAPPDATA%`, else `~/AppData/Local`. */
export const localAppData: (...segments: string[]) => PathFn = envOrHome(
  "LOCALAPPDATA",
  "AppData",
  "Local",
);

/** macOS' per-user application folder, `~/Library/Application Support`. */
export function macAppSupport(...segments: string[]): PathFn {
  return home("Library", "Application Support", ...segments);
}

/**
 * The per-user application config folder: `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or `~/.config`
 * on Linux.
 */
export function appConfig(...segments: string[]): PathFn {
  return byOs({
    win32: roamingAppData(...segments),
    darwin: macAppSupport(...segments),
    default: xdgConfig(...segments),
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

/** A machine as usage readers see it: a home, its environment and, when known, its OS. */
export interface HomeEnv {
  /** The user's home directory. */
  home: string;
  /** Environment variables. */
  env: Record<string, string | undefined>;
  /** The OS; this process's when absent. */
  os?: string;
}

/**
 * The {@link PathContext} of a machine with no project in view (usage
 * readers): the project directory is the home directory.
 */
export function homeContext(host: HomeEnv): PathContext {
  const os = host.os === "linux" || host.os === "darwin" || host.os === "win32"
    ? host.os
    : osName();
  return { home: host.home, projectDir: host.home, env: host.env, os };
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
