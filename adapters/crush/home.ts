/**
 * Crush's folders, for install, detection and usage alike
 * (charmbracelet/crush `internal/config/load.go`, `internal/home/home.go`):
 *
 * - Config: `$CRUSH_GLOBAL_CONFIG/crush.json`, else
 *   `${XDG_CONFIG_HOME:-~/.config}/crush/crush.json` — the same on every OS
 *   (`home.Config()` has no Windows case).
 * - Data (Crush's own `crush.json` and `projects.json`): `$CRUSH_GLOBAL_DATA`,
 *   else `$XDG_DATA_HOME/crush`, else `%LOCALAPPDATA%\crush` on Windows and
 *   `~/.local/share/crush` elsewhere.
 * - Skills: `$CRUSH_SKILLS_DIR`, else `<config>/crush/skills`.
 *
 * @module
 */

import {
  anyOf,
  byOs,
  envDir,
  localAppData,
  type PathFn,
  pathFn,
  xdgConfig,
  xdgData,
} from "../paths.ts";

/** `$CRUSH_GLOBAL_CONFIG`, else `${XDG_CONFIG_HOME:-~/.config}/crush`. */
export const crushConfigDir: PathFn = envDir("CRUSH_GLOBAL_CONFIG", xdgConfig("crush"));

const dataFallback: PathFn = byOs({
  win32: pathFn(
    (ctx) => ctx.env.XDG_DATA_HOME ? xdgData("crush")(ctx) : localAppData("crush")(ctx),
    (ctx) => anyOf(localAppData("crush"), xdgData("crush")).all(ctx),
  ),
  default: xdgData("crush"),
});
const dataEnv: PathFn = envDir("CRUSH_GLOBAL_DATA", dataFallback);

/**
 * `$CRUSH_GLOBAL_DATA`, else the XDG data folder (or `%LOCALAPPDATA%` on
 * Windows, where usage looks in both).
 */
export const crushDataDir: PathFn = pathFn(
  dataEnv,
  (ctx) => ctx.env.CRUSH_GLOBAL_DATA ? [dataEnv(ctx)] : dataFallback.all(ctx),
);

/** `$CRUSH_SKILLS_DIR`, else `<config>/crush/skills` (not moved by CRUSH_GLOBAL_CONFIG). */
export const crushSkillsDir: PathFn = envDir("CRUSH_SKILLS_DIR", xdgConfig("crush", "skills"));

/** Crush's user command folder, `<config>/crush/commands` (internal/commands). */
export const crushCommandsDir: PathFn = xdgConfig("crush", "commands");

/** Crush's global context file, `CRUSH.md` beside the global crush.json. */
export const crushMemory: PathFn = crushConfigDir.join("CRUSH.md");
