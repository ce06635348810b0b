/**
 * Claude Code's home, for install, detection and usage alike: `~/.claude`,
 * moved by `CLAUDE_CONFIG_DIR` (HOSTS.md §2a). Usage also scans the
 * `$XDG_CONFIG_HOME/claude` folder older versions logged to, and a
 * comma-separated list of folders in the variable (ccusage's convention).
 *
 * @module
 */

import { anyOf, envDirs, home, type PathFn, xdgConfig } from "../paths.ts";

/** Claude Code's config folder (its first place; usage scans them all). */
export const claudeDir: PathFn = envDirs(
  "CLAUDE_CONFIG_DIR",
  anyOf(home(".claude"), xdgConfig("claude")),
);

/** `~/.claude.json`, beside the config folder's parent (or inside `$CLAUDE_CONFIG_DIR`). */
export const claudeJson: PathFn = envDirs("CLAUDE_CONFIG_DIR", home()).join(".claude.json");
