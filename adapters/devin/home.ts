/**
 * Devin CLI's user folder (docs.devin.ai/cli/extensibility/configuration):
 * `~/.config/devin/` on Linux and macOS, `%APPDATA%\devin\` on Windows. It
 * holds `config.json` (JSON with comments) and the global `AGENTS.md`. No
 * environment variable that moves it is documented.
 *
 * @module
 */

import { byOs, home, type PathFn, roamingAppData } from "../paths.ts";

/** `~/.config/devin`, or `%APPDATA%\devin` on Windows. */
export const devinDir: PathFn = byOs({
  win32: roamingAppData("devin"),
  default: home(".config", "devin"),
});
