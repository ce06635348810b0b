/**
 * Kiro's folders, for install, detection and usage alike:
 *
 * - `~/.kiro` (`settings/mcp.json`, `agents/`, `steering/`, `skills/`,
 *   `prompts/`, `sessions/`), moved by `KIRO_HOME` as tokscale's Kiro reader
 *   reads it (a relative value is taken against home).
 * - The CLI's data folder `kiro-cli` (its SQLite store): the XDG data home
 *   on Linux, `~/Library/Application Support` on macOS, `%LOCALAPPDATA%` on
 *   Windows.
 *
 * @module
 */

import { byOs, envDir, home, localAppData, macAppSupport, type PathFn, xdgData } from "../paths.ts";

/** `$KIRO_HOME`, else `~/.kiro`. */
export const kiroDir: PathFn = envDir("KIRO_HOME", home(".kiro"));

/** The Kiro CLI's data folder. */
export const kiroDataDir: PathFn = byOs({
  darwin: macAppSupport("kiro-cli"),
  win32: localAppData("kiro-cli"),
  default: xdgData("kiro-cli"),
});
