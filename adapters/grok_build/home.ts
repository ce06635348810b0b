/**
 * Grok Build's home, for install, detection and usage alike: `$GROK_HOME`
 * when non-empty, else `<home>/.grok` on every OS (xai-org/grok-build
 * `crates/codegen/xai-grok-home/src/lib.rs`, `resolve_grok_home`; `dirs::
 * home_dir`, so `%USERPROFILE%\.grok` on Windows). grok-cli (superagent-ai)
 * shares the default folder but never a file.
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$GROK_HOME`, else `~/.grok`. */
export const grokHome: PathFn = envDir("GROK_HOME", home(".grok"));
