/**
 * Continue's global folder, for install, detection and usage alike:
 * `~/.continue`, replaced by `CONTINUE_GLOBAL_DIR`
 * (continuedev/continue@d0a3c0b core/util/paths.ts; Continue resolves a
 * relative value against its working folder, we against home).
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$CONTINUE_GLOBAL_DIR` or `~/.continue`. */
export const continueGlobalDir: PathFn = envDir("CONTINUE_GLOBAL_DIR", home(".continue"));
