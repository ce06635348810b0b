/**
 * Codex's home, for install, detection and usage alike: `~/.codex`, moved by
 * `CODEX_HOME` (HOSTS.md §3a); usage reads each folder of a comma-separated
 * list there (ccusage's convention).
 *
 * @module
 */

import { envDirs, home, type PathFn } from "../paths.ts";

/** `$CODEX_HOME`, else `~/.codex`. */
export const codexHome: PathFn = envDirs("CODEX_HOME", home(".codex"));
