/**
 * Kimi Code CLI's homes, for install, detection and usage alike
 * (MoonshotAI/kimi-cli `src/kimi_cli/share.py`, `skill/__init__.py`):
 *
 * - the share folder `~/.kimi` (`Path.home()`, so the same below the user's
 *   home on Windows and macOS), replaced by `KIMI_SHARE_DIR`: config.toml,
 *   mcp.json, sessions, logs;
 * - user skills stay in `~/.kimi/skills` whatever `KIMI_SHARE_DIR` says (the
 *   docs: "KIMI_SHARE_DIR does not affect Agent Skills search paths");
 * - usage also takes `KIMI_DATA_DIR`, a comma list of share folders
 *   (ccusage's convention), and Kimi Code's `$KIMI_CODE_HOME` (else
 *   `~/.kimi-code`).
 *
 * @module
 */

import { envDir, envDirs, home, type PathFn } from "../paths.ts";

/** `$KIMI_SHARE_DIR`, else `~/.kimi`. */
export const kimiShareDir: PathFn = envDir("KIMI_SHARE_DIR", home(".kimi"));

/** `~/.kimi/skills`: not moved by `KIMI_SHARE_DIR`. */
export const kimiUserSkills: PathFn = home(".kimi", "skills");

/** The share folders usage reads (each holds `sessions/`). */
export const kimiDataDirs: PathFn = envDirs("KIMI_DATA_DIR", kimiShareDir);

/** Kimi Code's home: `$KIMI_CODE_HOME`, else `~/.kimi-code`. */
export const kimiCodeDir: PathFn = envDir("KIMI_CODE_HOME", home(".kimi-code"));
