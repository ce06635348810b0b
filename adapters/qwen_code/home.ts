/**
 * Qwen Code's home, for install, detection and usage alike: `~/.qwen`,
 * replaced by `QWEN_HOME` (a leading `~` expanded, relative values against
 * home; QwenLM/qwen-code `packages/core/src/config/storage.ts`). Usage also
 * takes `QWEN_DATA_DIR`, a comma-separated list of such homes.
 *
 * @module
 */

import { envDir, envDirs, home, type PathFn } from "../paths.ts";

/** `$QWEN_HOME` or `~/.qwen`. */
export const qwenDir: PathFn = envDir("QWEN_HOME", home(".qwen"), { tilde: true });

/** The homes usage reads (each holds `projects/`). */
export const qwenDataDirs: PathFn = envDirs("QWEN_DATA_DIR", qwenDir);
