/**
 * Kilo's folders, for install, detection and usage alike. Kilo 7.x (an
 * opencode fork) resolves them with xdg-basedir like opencode, under the
 * name `kilo` (`kilo debug paths` on 7.7.7): config `~/.config/kilo`, data
 * `~/.local/share/kilo`. Usage also takes `KILO_DATA_DIR`, a comma list, as
 * ccusage reads it (its `adapter/kilo/paths.rs`). The Kilo Code extension
 * 7.x runs the same backend, so these are its folders too.
 *
 * @module
 */

import { envDirs, type PathFn, xdgConfig, xdgData } from "../paths.ts";

/** `~/.config/kilo` (or below `$XDG_CONFIG_HOME`). */
export const kiloConfig: PathFn = xdgConfig("kilo");

/** `~/.local/share/kilo` (or below `$XDG_DATA_HOME`), or each of `$KILO_DATA_DIR`. */
export const kiloData: PathFn = envDirs("KILO_DATA_DIR", xdgData("kilo"));
