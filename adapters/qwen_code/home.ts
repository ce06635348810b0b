/**
 * Qwen Code's home, for install, detection and usage alike: `~/.qwen`,
 * replaced by `QWEN_HOME` (a leading `~` expanded, relative values against
 * home; QwenLM/qwen-code `packages/core/src/config/storage.ts`). Sessions
 * live in the runtime folder, `QWEN_RUNTIME_DIR` when set (Qwen's
 * `Storage.getRuntimeBaseDir`, whose `projects/` the `/insight` command
 * reads). Usage also takes ccusage's `QWEN_DATA_DIR`, a comma-separated list
 * of such folders, over both.
 *
 * @module
 */

import { envDir, envDirs, home, type PathFn } from "../paths.ts";

/** `$QWEN_HOME` or `~/.qwen`. */
export const qwenDir: PathFn = envDir("QWEN_HOME", home(".qwen"), { tilde: true });

/** `$QWEN_RUNTIME_DIR`, else Qwen's home: where session logs are written. */
export const qwenRuntimeDir: PathFn = envDir("QWEN_RUNTIME_DIR", qwenDir, { tilde: true });

/** The folders usage reads (each holds `projects/`). */
export const qwenDataDirs: PathFn = envDirs("QWEN_DATA_DIR", qwenRuntimeDir);
