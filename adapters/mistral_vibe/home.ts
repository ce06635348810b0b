/**
 * Mistral Vibe's home, for install and detection alike: `$VIBE_HOME` with a
 * leading `~` expanded, else `~/.vibe` (mistralai/mistral-vibe
 * vibe/core/paths/_vibe_home.py `_get_vibe_home`).
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$VIBE_HOME` or `~/.vibe`. */
export const vibeHome: PathFn = envDir("VIBE_HOME", home(".vibe"), { tilde: true });
