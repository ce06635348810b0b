/**
 * Amp's folders, for install, detection and usage alike: settings in
 * `$AMP_SETTINGS_FILE`, else `$XDG_CONFIG_HOME/amp/settings.json` (else
 * `~/.config/amp/settings.json`; the CLI's `--help` names the default and
 * the variable, and `amp mcp list` read the file below `$XDG_CONFIG_HOME`
 * in a run of 0.0.1790142911); system plugins in `<config>/plugins/`;
 * threads in `$AMP_DATA_DIR`, else `$XDG_DATA_HOME/amp` (usage.ts).
 *
 * @module
 */

import { envDir, type PathFn, xdgConfig } from "../paths.ts";

/** `$XDG_CONFIG_HOME/amp` (else `~/.config/amp`). */
export const ampConfig: PathFn = xdgConfig("amp");

/** `$AMP_SETTINGS_FILE`, else `<config>/settings.json`. */
export const ampSettings: PathFn = envDir("AMP_SETTINGS_FILE", ampConfig.join("settings.json"), {
  tilde: true,
});
