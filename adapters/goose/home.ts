/**
 * Goose's folders, for install, detection and usage alike (block/goose
 * `crates/goose/src/config/paths.rs`):
 *
 * - `GOOSE_PATH_ROOT`, when absolute (a relative value is ignored, as Goose
 *   ignores it), roots everything: `<root>/config`, `<root>/data` and the
 *   plugins folder `<root>/.agents/plugins`.
 * - Otherwise etcetera's app strategy for `Block`/`goose`: XDG on Linux and
 *   macOS (`$XDG_CONFIG_HOME/goose`, else `~/.config/goose`), and
 *   `%APPDATA%\Block\goose\{config,data}` on Windows; plugins under
 *   `~/.agents/plugins`.
 *
 * @module
 */

import {
  anyOf,
  byOs,
  home,
  macAppSupport,
  pathApi,
  type PathContext,
  type PathFn,
  pathFn,
  roamingAppData,
  xdgConfig,
  xdgData,
} from "../paths.ts";

/** `GOOSE_PATH_ROOT` when set to an absolute path, else undefined. */
function pathRoot(ctx: PathContext): string | undefined {
  const value = ctx.env.GOOSE_PATH_ROOT?.trim();
  return value && pathApi(ctx.os).isAbsolute(value) ? value : undefined;
}

/** `<GOOSE_PATH_ROOT>/<below>` when the root is set, else `fallback`. */
function rooted(below: string[], fallback: PathFn): PathFn {
  return pathFn(
    (ctx) => {
      const root = pathRoot(ctx);
      return root ? pathApi(ctx.os).join(root, ...below) : fallback(ctx);
    },
    (ctx) => {
      const root = pathRoot(ctx);
      return root ? [pathApi(ctx.os).join(root, ...below)] : fallback.all(ctx);
    },
  );
}

/** Goose's config folder, holding `config.yaml` and the global `.goosehints`. */
export const gooseConfigDir: PathFn = rooted(
  ["config"],
  byOs({ win32: roamingAppData("Block", "goose", "config"), default: xdgConfig("goose") }),
);

/**
 * Goose's data folder, holding `sessions/sessions.db`. Usage also looks
 * where older builds and other readers put it: `~/.local/share/Block/goose`
 * on Linux and `~/Library/Application Support/goose` on macOS (ccusage's
 * adapter; Goose's own code names the XDG folder there).
 */
export const gooseDataDir: PathFn = rooted(
  ["data"],
  byOs({
    win32: roamingAppData("Block", "goose", "data"),
    darwin: macAppSupport("goose"),
    default: anyOf(xdgData("goose"), home(".local", "share", "Block", "goose")),
  }),
);

/** The user plugins folder (Open Plugins): `~/.agents/plugins`. */
export const goosePluginsDir: PathFn = rooted([".agents", "plugins"], home(".agents", "plugins"));
