/**
 * MiMoCode's folders (XiaomiMiMo/MiMo-Code, an opencode fork): opencode's
 * xdg-basedir layout under the name `mimocode` — config
 * `~/.config/mimocode` (`Global.Path.config`; its config loader reads
 * `mimocode.json(c)` and `config.json` there), data
 * `~/.local/share/mimocode`.
 *
 * @module
 */

import { type PathFn, xdgConfig, xdgData } from "../paths.ts";

/** `~/.config/mimocode` (or below `$XDG_CONFIG_HOME`). */
export const mimoConfig: PathFn = xdgConfig("mimocode");

/** `~/.local/share/mimocode` (or below `$XDG_DATA_HOME`). */
export const mimoData: PathFn = xdgData("mimocode");
