/**
 * opencode's folders, for install, detection and usage alike. It resolves
 * them with xdg-basedir on every OS (packages/opencode `src/global`): config
 * in `$XDG_CONFIG_HOME/opencode`, data (sessions, its database) in
 * `$XDG_DATA_HOME/opencode`; usage also takes `OPENCODE_DATA_DIR`.
 *
 * @module
 */

import { envDirs, type PathFn, xdgConfig, xdgData } from "../paths.ts";

/** `~/.config/opencode` (or below `$XDG_CONFIG_HOME`). */
export const opencodeConfig: PathFn = xdgConfig("opencode");

/** `~/.local/share/opencode` (or below `$XDG_DATA_HOME`), or `$OPENCODE_DATA_DIR`. */
export const opencodeData: PathFn = envDirs("OPENCODE_DATA_DIR", xdgData("opencode"));
