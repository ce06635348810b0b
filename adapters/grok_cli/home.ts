/**
 * grok-cli's home (superagent-ai/grok-cli `src/utils/settings.ts`):
 * `path.join(os.homedir(), ".grok")` on every OS, with no variable that
 * moves it; it holds `user-settings.json`. Grok Build shares the default
 * folder but never this file.
 *
 * @module
 */

import { home, type PathFn } from "../paths.ts";

/** `~/.grok`. */
export const grokCliDir: PathFn = home(".grok");

/** `~/.grok/user-settings.json`: MCP servers, hooks and the rest of grok-cli's settings. */
export const grokCliSettings: PathFn = grokCliDir.join("user-settings.json");
