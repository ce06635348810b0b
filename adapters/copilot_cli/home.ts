/**
 * Copilot CLI's home, for install, detection and usage alike: `~/.copilot`,
 * moved by `COPILOT_HOME` (docs.github.com copilot-cli-reference
 * cli-command-reference, "Use the COPILOT_HOME environment variable to
 * specify an alternative path"; hooks-reference.md "If COPILOT_HOME is set,
 * it is $COPILOT_HOME/hooks/"). `COPILOT_CONFIG_DIR` is other tools'
 * convention, which Copilot itself does not read.
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$COPILOT_HOME`, else `~/.copilot`. */
export const copilotHome: PathFn = envDir("COPILOT_HOME", home(".copilot"));
